ALTER TABLE "orders" ALTER COLUMN "stop_loss" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "stop_loss" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "take_profit" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "take_profit" DROP NOT NULL;--> statement-breakpoint
-- An unset stop is NULL, not 0: one representation (the wire still writes it as 0).
UPDATE "orders" SET "stop_loss" = NULL WHERE "stop_loss" = 0;--> statement-breakpoint
UPDATE "orders" SET "take_profit" = NULL WHERE "take_profit" = 0;
