CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"account" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "area_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"global_code" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "area_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"balance_after" numeric(28, 8) NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"login_type" text NOT NULL,
	"email" text,
	"mobile" text,
	"area_id" integer,
	"password_hash" text,
	"name" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"demo_id" text,
	"invite_code" text NOT NULL,
	"inviter_id" integer,
	"balance" numeric(28, 8) DEFAULT '0' NOT NULL,
	"lock_balance" numeric(28, 8) DEFAULT '0' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uid_unique" UNIQUE("uid"),
	CONSTRAINT "users_demo_id_unique" UNIQUE("demo_id"),
	CONSTRAINT "users_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"period" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" numeric(24, 10) NOT NULL,
	"high" numeric(24, 10) NOT NULL,
	"low" numeric(24, 10) NOT NULL,
	"close" numeric(24, 10) NOT NULL,
	"volume" numeric(24, 8) NOT NULL,
	CONSTRAINT "candles_instrument_id_period_time_pk" PRIMARY KEY("instrument_id","period","time")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"show_code" text NOT NULL,
	"logo" text NOT NULL,
	"category_id" integer NOT NULL,
	"price_precision" integer NOT NULL,
	"contract_size" numeric(24, 8) NOT NULL,
	"min_lots" numeric(24, 8) NOT NULL,
	"lot_step" numeric(24, 8) NOT NULL,
	"max_lots" numeric(24, 8),
	"leverages" jsonb NOT NULL,
	"fee_rate" numeric(24, 8) NOT NULL,
	"margin_mode" integer NOT NULL,
	"spread_rate" numeric(12, 8) DEFAULT '0' NOT NULL,
	"base_currency" text NOT NULL,
	"quote_currency" text NOT NULL,
	"reference_price" numeric(24, 10) NOT NULL,
	"volatility" numeric(8, 4) NOT NULL,
	"sessions" jsonb NOT NULL,
	"holidays" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "instruments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"show_code" text NOT NULL,
	"side" integer NOT NULL,
	"status" integer NOT NULL,
	"lots" numeric(20, 8) NOT NULL,
	"contract_size" numeric(20, 8) NOT NULL,
	"leverage" integer NOT NULL,
	"origin_price" numeric(28, 10) NOT NULL,
	"price" numeric(28, 10) NOT NULL,
	"pending_kind" text,
	"stop_loss" numeric(28, 10) DEFAULT '0' NOT NULL,
	"take_profit" numeric(28, 10) DEFAULT '0' NOT NULL,
	"margin" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) NOT NULL,
	"close_price" numeric(28, 10),
	"profit" numeric(28, 8),
	"close_reason" text,
	"client_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_area_id_area_codes_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "verification_codes_recipient_idx" ON "verification_codes" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "audit_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_unique" ON "users" USING btree ("area_id","mobile");--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_id_unique" ON "orders" USING btree ("user_id","client_order_id");