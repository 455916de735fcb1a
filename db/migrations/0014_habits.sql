CREATE TABLE `habits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`schedules` text NOT NULL,
	`due_time` text,
	`start_date` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`stopped_on` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `habits_user_active_idx` ON `habits` (`user_id`,`active`);--> statement-breakpoint
ALTER TABLE `goals` ADD `habit_id` integer REFERENCES habits(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `goals` ADD `habit_day` text;--> statement-breakpoint
CREATE UNIQUE INDEX `goals_habit_day_unique` ON `goals` (`habit_id`,`habit_day`) WHERE `habit_id` IS NOT NULL;