CREATE INDEX "products_article_trgm_idx" ON "products" USING gin ("article" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_color_idx" ON "products" USING btree ("color_code");--> statement-breakpoint
CREATE INDEX "users_phones_trgm_idx" ON "users" USING gin ((coalesce("confirmed_phone", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_contact_trgm_idx" ON "users" USING gin (("name" || ' ' || "last_name" || ' ' || "second_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_contact_trgm_idx" ON "orders" USING gin (("name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree (upper("tracking_number")) WHERE "orders"."tracking_number" is not null;