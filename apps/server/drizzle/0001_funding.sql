CREATE TABLE "totp_enrolments" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text,
	"logo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news_translations" (
	"news_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"desc" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "news_translations_news_id_lang_pk" PRIMARY KEY("news_id","lang")
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"currency_code" text NOT NULL,
	"protocol_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"swift" text DEFAULT '' NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"proof_upload_id" integer NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"operator_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"dc_address" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"payee_name" text DEFAULT '' NOT NULL,
	"payee_account" text DEFAULT '' NOT NULL,
	"coin_type" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "withdraw_currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"code" text NOT NULL,
	"protocol" text DEFAULT '' NOT NULL,
	"draw_rate" numeric(28, 8) DEFAULT '0' NOT NULL,
	"fee_type" integer DEFAULT 1 NOT NULL,
	"usd_price" numeric(28, 8) DEFAULT '1' NOT NULL,
	"min" numeric(28, 8) DEFAULT '0' NOT NULL,
	"max" numeric(28, 8) DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"type" integer NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) NOT NULL,
	"received" numeric(28, 8) NOT NULL,
	"usd_price" numeric(28, 8) NOT NULL,
	"method_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"payee_name" text DEFAULT '' NOT NULL,
	"payee_account" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"operator_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"card_id" text NOT NULL,
	"front_upload_id" integer NOT NULL,
	"reverse_upload_id" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"reason" text,
	"operator_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_opt_ins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_rows" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"multiple" integer NOT NULL,
	"three_week_rate" numeric(28, 2) NOT NULL,
	"three_week_win" numeric(28, 2) NOT NULL,
	"three_week_profit" numeric(28, 2) NOT NULL,
	"total_rate" numeric(28, 2) NOT NULL,
	"total_trade_num" integer NOT NULL,
	"code" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_real" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_enrolments" ADD CONSTRAINT "totp_enrolments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_translations" ADD CONSTRAINT "news_translations_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_methods" ADD CONSTRAINT "draw_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_methods" ADD CONSTRAINT "draw_methods_currency_id_withdraw_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."withdraw_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_currency_id_withdraw_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."withdraw_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_front_upload_id_uploads_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_reverse_upload_id_uploads_id_fk" FOREIGN KEY ("reverse_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_opt_ins" ADD CONSTRAINT "ranking_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_rows" ADD CONSTRAINT "ranking_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "draw_methods_user_idx" ON "draw_methods" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "verifications_status_idx" ON "verifications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "verifications_user_idx" ON "verifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_open_unique" ON "verifications" USING btree ("user_id") WHERE "verifications"."status" in (1, 2);