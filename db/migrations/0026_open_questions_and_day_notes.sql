CREATE TABLE `day_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`note` text NOT NULL,
	`after_entry_id` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `day_notes_user_day_idx` ON `day_notes` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `open_questions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`asked` text NOT NULL,
	`goal_ids` text DEFAULT '[]' NOT NULL,
	`verdict` text NOT NULL,
	`after` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
