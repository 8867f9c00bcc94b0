-- The order changes a node's bus lost are read back by when they were made (trading/catch-up.ts).
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");