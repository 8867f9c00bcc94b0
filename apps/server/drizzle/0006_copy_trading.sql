CREATE TABLE "copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"allocation" numeric(28, 2) NOT NULL,
	"stop_percent" numeric(6, 2) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "copy_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"copy_id" integer NOT NULL,
	"provider_order_id" integer NOT NULL,
	"action" text NOT NULL,
	"provider_version" integer NOT NULL,
	"show_code" text NOT NULL,
	"side" integer NOT NULL,
	"provider_lots" numeric(20, 8) NOT NULL,
	"follower_order_id" integer,
	"lots" numeric(20, 8),
	"ok" boolean NOT NULL,
	"stop_loss" numeric(28, 10),
	"take_profit" numeric(28, 10),
	"reason" text,
	"reason_params" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "copy_id" integer;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_events" ADD CONSTRAINT "copy_events_copy_id_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."copies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "copies_one_active" ON "copies" USING btree ("follower_id","provider_id") WHERE "copies"."status" = 1;--> statement-breakpoint
CREATE INDEX "copies_provider_status_idx" ON "copies" USING btree ("provider_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_events_once" ON "copy_events" USING btree ("copy_id","provider_order_id","action","provider_version");--> statement-breakpoint
CREATE INDEX "copy_events_copy_idx" ON "copy_events" USING btree ("copy_id","id");--> statement-breakpoint
CREATE INDEX "orders_copy_idx" ON "orders" USING btree ("copy_id");