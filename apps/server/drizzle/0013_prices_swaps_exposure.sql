CREATE TABLE "swap_rollovers" (
	"order_id" integer NOT NULL,
	"night" date NOT NULL,
	"nights" integer NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_rollovers_order_id_night_pk" PRIMARY KEY("order_id","night")
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "markup" numeric(24, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "swap_long" numeric(24, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "swap_short" numeric(24, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "exposure_limit" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "swap" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_rollovers" ADD CONSTRAINT "swap_rollovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;