CREATE TABLE `inbound_receipts` (
	`message_sid` text PRIMARY KEY NOT NULL,
	`from_phone` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `local_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sid` text NOT NULL,
	`to_phone` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_outbox_sid_unique` ON `local_outbox` (`sid`);--> statement-breakpoint
CREATE INDEX `local_outbox_to_idx` ON `local_outbox` (`to_phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`message_id` integer,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_user_idx` ON `media` (`user_id`);--> statement-breakpoint
CREATE TABLE `phone_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_codes_user_idx` ON `phone_codes` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `sms_opt_outs` (
	`phone` text PRIMARY KEY NOT NULL,
	`opted_out_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reason` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `kind` text DEFAULT 'conversation' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `provider_sid` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `status` text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `error_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_provider_sid_unique` ON `messages` (`provider_sid`);--> statement-breakpoint
ALTER TABLE `users` ADD `paused_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_prompt` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_prompt_day` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_undeliverable_code` text;