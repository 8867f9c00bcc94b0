ALTER TABLE "instruments" ADD COLUMN "spike_threshold" numeric(12, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;