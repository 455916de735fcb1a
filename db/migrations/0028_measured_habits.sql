ALTER TABLE `goals` ADD `value` real;--> statement-breakpoint
ALTER TABLE `goals` ADD `note` text;--> statement-breakpoint
ALTER TABLE `habits` ADD `unit` text;--> statement-breakpoint
ALTER TABLE `habits` ADD `target` real;--> statement-breakpoint
ALTER TABLE `habits` ADD `target_per` text;--> statement-breakpoint
ALTER TABLE `habits` ADD `at_most` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TRIGGER `habit_version_goal_value_update` AFTER UPDATE OF `value`, `note` ON `goals`
WHEN new.habit_id IS NOT NULL BEGIN
	UPDATE habits SET version = version + 1 WHERE id = new.habit_id;
END;
