CREATE TABLE `number_texts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`body` text NOT NULL,
	`kind` text NOT NULL,
	`provider_sid` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`error_code` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `number_texts_provider_sid_unique` ON `number_texts` (`provider_sid`);