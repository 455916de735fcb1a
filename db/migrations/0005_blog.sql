CREATE TABLE `blog_images` (
	`id` text PRIMARY KEY NOT NULL,
	`uploaded_by` integer,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `newsletter_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ip` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_signups_email_unique` ON `newsletter_signups` (`email`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `featured` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published`,`published_at`);