CREATE TABLE `goal_completion_slots` (
	`user_id` integer NOT NULL,
	`slot` integer NOT NULL,
	`goals` integer NOT NULL,
	PRIMARY KEY(`user_id`, `slot`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `goal_due_slots` (
	`user_id` integer NOT NULL,
	`slot` integer NOT NULL,
	`goals` integer NOT NULL,
	`completed` integer NOT NULL,
	`skipped` integer NOT NULL,
	PRIMARY KEY(`user_id`, `slot`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `goals_slot_counts_insert` AFTER INSERT ON `goals` BEGIN
	INSERT INTO goal_due_slots (user_id, slot, goals, completed, skipped)
	VALUES (new.user_id, ((new.due_date - (((new.due_date % 900000) + 900000) % 900000)) / 900000), 1, new.completed_at IS NOT NULL, new.completed_at IS NULL AND new.skipped_at IS NOT NULL)
	ON CONFLICT (user_id, slot) DO UPDATE SET goals = goals + 1, completed = completed + excluded.completed, skipped = skipped + excluded.skipped;
	INSERT INTO goal_completion_slots (user_id, slot, goals)
	SELECT new.user_id, ((new.completed_at - (((new.completed_at % 900000) + 900000) % 900000)) / 900000), 1 WHERE new.completed_at IS NOT NULL
	ON CONFLICT (user_id, slot) DO UPDATE SET goals = goals + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `goals_slot_counts_delete` AFTER DELETE ON `goals` BEGIN
	UPDATE goal_due_slots SET goals = goals - 1, completed = completed - (old.completed_at IS NOT NULL), skipped = skipped - (old.completed_at IS NULL AND old.skipped_at IS NOT NULL)
	WHERE user_id = old.user_id AND slot = ((old.due_date - (((old.due_date % 900000) + 900000) % 900000)) / 900000);
	DELETE FROM goal_due_slots WHERE user_id = old.user_id AND slot = ((old.due_date - (((old.due_date % 900000) + 900000) % 900000)) / 900000) AND goals = 0;
	UPDATE goal_completion_slots SET goals = goals - 1
	WHERE old.completed_at IS NOT NULL AND user_id = old.user_id AND slot = ((old.completed_at - (((old.completed_at % 900000) + 900000) % 900000)) / 900000);
	DELETE FROM goal_completion_slots
	WHERE old.completed_at IS NOT NULL AND user_id = old.user_id AND slot = ((old.completed_at - (((old.completed_at % 900000) + 900000) % 900000)) / 900000) AND goals = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `goals_slot_counts_update` AFTER UPDATE OF `user_id`, `due_date`, `completed_at`, `skipped_at` ON `goals`
WHEN old.user_id IS NOT new.user_id OR old.due_date IS NOT new.due_date OR old.completed_at IS NOT new.completed_at OR old.skipped_at IS NOT new.skipped_at
BEGIN
	UPDATE goal_due_slots SET goals = goals - 1, completed = completed - (old.completed_at IS NOT NULL), skipped = skipped - (old.completed_at IS NULL AND old.skipped_at IS NOT NULL)
	WHERE user_id = old.user_id AND slot = ((old.due_date - (((old.due_date % 900000) + 900000) % 900000)) / 900000);
	DELETE FROM goal_due_slots WHERE user_id = old.user_id AND slot = ((old.due_date - (((old.due_date % 900000) + 900000) % 900000)) / 900000) AND goals = 0;
	UPDATE goal_completion_slots SET goals = goals - 1
	WHERE old.completed_at IS NOT NULL AND user_id = old.user_id AND slot = ((old.completed_at - (((old.completed_at % 900000) + 900000) % 900000)) / 900000);
	DELETE FROM goal_completion_slots
	WHERE old.completed_at IS NOT NULL AND user_id = old.user_id AND slot = ((old.completed_at - (((old.completed_at % 900000) + 900000) % 900000)) / 900000) AND goals = 0;
	INSERT INTO goal_due_slots (user_id, slot, goals, completed, skipped)
	VALUES (new.user_id, ((new.due_date - (((new.due_date % 900000) + 900000) % 900000)) / 900000), 1, new.completed_at IS NOT NULL, new.completed_at IS NULL AND new.skipped_at IS NOT NULL)
	ON CONFLICT (user_id, slot) DO UPDATE SET goals = goals + 1, completed = completed + excluded.completed, skipped = skipped + excluded.skipped;
	INSERT INTO goal_completion_slots (user_id, slot, goals)
	SELECT new.user_id, ((new.completed_at - (((new.completed_at % 900000) + 900000) % 900000)) / 900000), 1 WHERE new.completed_at IS NOT NULL
	ON CONFLICT (user_id, slot) DO UPDATE SET goals = goals + 1;
END;
--> statement-breakpoint
INSERT INTO goal_due_slots (user_id, slot, goals, completed, skipped)
SELECT user_id, ((due_date - (((due_date % 900000) + 900000) % 900000)) / 900000), count(*), count(completed_at), sum(completed_at IS NULL AND skipped_at IS NOT NULL)
FROM goals GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO goal_completion_slots (user_id, slot, goals)
SELECT user_id, ((completed_at - (((completed_at % 900000) + 900000) % 900000)) / 900000), count(*)
FROM goals WHERE completed_at IS NOT NULL GROUP BY 1, 2;
