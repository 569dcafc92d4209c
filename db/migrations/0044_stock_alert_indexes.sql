CREATE INDEX "order_lines_offer_idx" ON "order_lines" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "stock_alerts_guest_idx" ON "stock_alerts" USING btree ("session_id","product_id") WHERE "stock_alerts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_sent_idx" ON "stock_alerts" USING btree ("sent_at") WHERE "stock_alerts"."sent_at" is not null;