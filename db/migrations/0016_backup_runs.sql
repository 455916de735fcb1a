CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`key` text,
	`bytes` integer,
	`ok` integer DEFAULT false NOT NULL,
	`error` text
);
