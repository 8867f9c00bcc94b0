CREATE TABLE "equity_snapshots" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"balance" numeric(28, 8) NOT NULL,
	"equity" numeric(28, 8) NOT NULL,
	CONSTRAINT "equity_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD CONSTRAINT "equity_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;