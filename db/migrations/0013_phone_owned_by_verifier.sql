DROP INDEX `users_phone_unique`;--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_phone_unique` ON `users` (`phone`) WHERE `phone_verified_at` IS NOT NULL;