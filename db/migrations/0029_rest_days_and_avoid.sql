CREATE TABLE `pauses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pauses_user_idx` ON `pauses` (`user_id`,`from_day`);--> statement-breakpoint
ALTER TABLE `habits` ADD `avoid` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TRIGGER `habit_version_pause_insert` AFTER INSERT ON `pauses` BEGIN
	UPDATE habits SET version = version + 1 WHERE user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `habit_version_pause_update` AFTER UPDATE ON `pauses` BEGIN
	UPDATE habits SET version = version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `habit_version_pause_delete` AFTER DELETE ON `pauses` BEGIN
	UPDATE habits SET version = version + 1 WHERE user_id = old.user_id;
END;
