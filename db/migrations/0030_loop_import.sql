ALTER TABLE `habits` ADD `loop_uuid` text;--> statement-breakpoint
CREATE UNIQUE INDEX `habits_user_loop_uuid_unique` ON `habits` (`user_id`,`loop_uuid`) WHERE "habits"."loop_uuid" is not null;