CREATE TABLE `scheduled_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`local_date` text NOT NULL,
	`due_at` integer NOT NULL,
	`status` text NOT NULL,
	`claimed_by` text,
	`claimed_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`message_id` integer,
	`provider_sid` text,
	`error_code` text,
	`note` text,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_sends_key` ON `scheduled_sends` (`user_id`,`kind`,`local_date`);--> statement-breakpoint
CREATE INDEX `scheduled_sends_open_idx` ON `scheduled_sends` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `scheduler_ticks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tick_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`claimed` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`expired` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`reconciled` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follow_up_tasks_goal_unique` ON `follow_up_tasks` (`goal_id`);--> statement-breakpoint
CREATE INDEX `users_morning_idx` ON `users` (`timezone`,`preferred_check_in_time_morning`);--> statement-breakpoint
CREATE INDEX `users_evening_idx` ON `users` (`timezone`,`preferred_check_in_time_evening`);