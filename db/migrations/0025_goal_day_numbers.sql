CREATE TABLE `goal_day_numbers` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `goals` ADD `day_number` integer;--> statement-breakpoint
CREATE INDEX `goals_day_number_missing_idx` ON `goals` (`user_id`) WHERE "goals"."day_number" is null;