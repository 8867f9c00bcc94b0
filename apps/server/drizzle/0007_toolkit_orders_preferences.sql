CREATE TABLE "preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"one_tap" boolean NOT NULL,
	"chart_type" text NOT NULL,
	"chart_period" text NOT NULL,
	"chart_indicators" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trailing_distance" numeric(28, 10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "part_of" integer;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;