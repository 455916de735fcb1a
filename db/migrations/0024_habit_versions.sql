ALTER TABLE `habits` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `habit_version_goal_insert` AFTER INSERT ON `goals` WHEN new.habit_id IS NOT NULL BEGIN
	UPDATE habits SET version = version + 1 WHERE id = new.habit_id;
END;
--> statement-breakpoint
CREATE TRIGGER `habit_version_goal_update` AFTER UPDATE OF `habit_id`, `habit_day`, `completed_at`, `skipped_at` ON `goals`
WHEN old.habit_id IS NOT NULL OR new.habit_id IS NOT NULL BEGIN
	UPDATE habits SET version = version + 1 WHERE id IN (old.habit_id, new.habit_id);
END;
--> statement-breakpoint
CREATE TRIGGER `habit_version_goal_delete` AFTER DELETE ON `goals` WHEN old.habit_id IS NOT NULL BEGIN
	UPDATE habits SET version = version + 1 WHERE id = old.habit_id;
END;
--> statement-breakpoint
CREATE TRIGGER `habit_version_habit_update` AFTER UPDATE ON `habits` WHEN new.version <= old.version BEGIN
	UPDATE habits SET version = old.version + 1 WHERE id = new.id;
END;
