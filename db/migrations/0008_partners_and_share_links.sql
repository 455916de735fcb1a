CREATE TABLE `local_inbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_phone` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_inbox_from_idx` ON `local_inbox` (`from_phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `partner_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_invitations_phone_idx` ON `partner_invitations` (`phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`role` text NOT NULL,
	`inviter_name` text NOT NULL,
	`weekly_summary` integer DEFAULT true NOT NULL,
	`monthly_summary` integer DEFAULT false NOT NULL,
	`evening_notes` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`invited_at` integer,
	`responded_at` integer,
	`share_link_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partners_user_phone_unique` ON `partners` (`user_id`,`phone`);--> statement-breakpoint
CREATE INDEX `partners_phone_idx` ON `partners` (`phone`,`status`);--> statement-breakpoint
CREATE TABLE `share_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`label` text NOT NULL,
	`owner_name` text NOT NULL,
	`include_photos` integer DEFAULT false NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_token_unique` ON `share_links` (`token`);--> statement-breakpoint
CREATE INDEX `share_links_user_idx` ON `share_links` (`user_id`);--> statement-breakpoint
ALTER TABLE `scheduled_sends` ADD `to_phone` text;