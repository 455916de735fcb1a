DROP INDEX `goals_user_due_idx`;--> statement-breakpoint
CREATE INDEX `goals_user_due_outcome_idx` ON `goals` (`user_id`,`due_date`,`completed_at`,`skipped_at`);