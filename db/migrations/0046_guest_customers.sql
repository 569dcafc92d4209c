CREATE INDEX "orders_guest_phone_idx" ON "orders" USING btree ("phone","id") WHERE "orders"."user_id" is null;--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower(trim("email"))) WHERE "orders"."user_id" is null;--> statement-breakpoint
CREATE INDEX "questions_guest_phone_idx" ON "questions" USING btree ("phone") WHERE "questions"."user_id" is null;--> statement-breakpoint
CREATE INDEX "questions_guest_email_idx" ON "questions" USING btree (lower("email")) WHERE "questions"."user_id" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_guest_address_idx" ON "stock_alerts" USING btree ("address") WHERE "stock_alerts"."user_id" is null;