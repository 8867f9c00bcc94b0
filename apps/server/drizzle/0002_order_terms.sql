-- Each order keeps the terms it was placed under; existing orders take their instrument's current ones.
ALTER TABLE "orders" ADD COLUMN "spread_rate" numeric(12, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_rate" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_type" integer;--> statement-breakpoint
UPDATE "orders" o SET "spread_rate" = i."spread_rate", "quote_currency" = i."quote_currency", "fee_rate" = i."fee_rate",
  "fee_type" = coalesce((SELECT s."value"::integer FROM "settings" s WHERE s."key" = 'trade_fee_type'), 1)
  FROM "instruments" i WHERE i."id" = o."instrument_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "spread_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "quote_currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fee_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fee_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Every change of an order is a new version, whoever makes it: the engine keeps the newest row it has seen.
CREATE FUNCTION "orders_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  NEW."updated_at" := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_next_version" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_next_version"();
