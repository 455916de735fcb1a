PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_blog_images` (
	`id` text PRIMARY KEY NOT NULL,
	`uploaded_by` integer,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`data` blob,
	`storage_key` text,
	`card_key` text,
	`sha256` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_blog_images`("id", "uploaded_by", "content_type", "size", "data", "storage_key", "card_key", "sha256", "created_at") SELECT "id", "uploaded_by", "content_type", "size", "data", NULL, NULL, NULL, "created_at" FROM `blog_images`;--> statement-breakpoint
DROP TABLE `blog_images`;--> statement-breakpoint
ALTER TABLE `__new_blog_images` RENAME TO `blog_images`;--> statement-breakpoint
PRAGMA foreign_keys=ON;