ALTER TABLE "deposit_channels" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Databases seeded before this column still hold the made-up accounts of the old seed (funding/seed.ts): mark them.
UPDATE "deposit_channels" SET "demo" = true WHERE ("kind" = 'coin' AND "address" IN ('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8')) OR ("kind" = 'wire' AND "account_number" = 'GB29NWBK60161331926819');
