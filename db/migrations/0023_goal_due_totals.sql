CREATE TABLE `goal_due_totals` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`goals` integer NOT NULL,
	`completed` integer NOT NULL,
	`skipped` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TRIGGER `goal_due_totals_insert` AFTER INSERT ON `goal_due_slots` BEGIN
	INSERT INTO goal_due_totals (user_id, goals, completed, skipped)
	VALUES (new.user_id, new.goals, new.completed, new.skipped)
	ON CONFLICT (user_id) DO UPDATE SET goals = goals + excluded.goals, completed = completed + excluded.completed, skipped = skipped + excluded.skipped;
END;
--> statement-breakpoint
CREATE TRIGGER `goal_due_totals_delete` AFTER DELETE ON `goal_due_slots` BEGIN
	UPDATE goal_due_totals SET goals = goals - old.goals, completed = completed - old.completed, skipped = skipped - old.skipped
	WHERE user_id = old.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `goal_due_totals_update` AFTER UPDATE ON `goal_due_slots` BEGIN
	UPDATE goal_due_totals SET goals = goals - old.goals, completed = completed - old.completed, skipped = skipped - old.skipped
	WHERE user_id = old.user_id;
	INSERT INTO goal_due_totals (user_id, goals, completed, skipped)
	VALUES (new.user_id, new.goals, new.completed, new.skipped)
	ON CONFLICT (user_id) DO UPDATE SET goals = goals + excluded.goals, completed = completed + excluded.completed, skipped = skipped + excluded.skipped;
END;
--> statement-breakpoint
INSERT INTO goal_due_totals (user_id, goals, completed, skipped)
SELECT user_id, sum(goals), sum(completed), sum(skipped) FROM goal_due_slots GROUP BY user_id;
