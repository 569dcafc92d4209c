CREATE TABLE "stock_document_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"store_id" integer NOT NULL,
	"to_store_id" integer,
	"reason" text NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"order_id" integer,
	"document_id" integer,
	"xact" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "bonus_operations" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "bonus_operations" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answered_by" integer;--> statement-breakpoint
CREATE INDEX "stock_document_lines_document_idx" ON "stock_document_lines" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "stock_documents_store_idx" ON "stock_documents" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_offer_store_idx" ON "stock_movements" USING btree ("offer_id","store_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_store_idx" ON "stock_movements" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
-- Stock movements (issue 28.2): every change of a `stock` row writes its movement in the same statement's
-- transaction, so a quantity always equals the sum of its movements whoever changed it (an order, a cancel, the 1C
-- import, a staff document, a console). What the change was is the transaction's `shop.stock_move` setting, a JSON
-- object {kind, reason?, staffId?, orderId?, documentId?} its writer sets (db/repositories/stock-moves.ts); a change
-- that set none is `other`. Statement-level, one insert per statement.
CREATE FUNCTION stock_movements_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m jsonb := coalesce(nullif(current_setting('shop.stock_move', true), ''), '{}')::jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_movements (offer_id, store_id, delta, quantity, kind, reason, staff_id, order_id, document_id, xact)
    SELECT n.offer_id, n.store_id, n.quantity, n.quantity, coalesce(m->>'kind', 'other'), coalesce(m->>'reason', ''),
      (m->>'staffId')::int, (m->>'orderId')::int, (m->>'documentId')::int, txid_current()
    FROM new_rows n WHERE n.quantity <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO stock_movements (offer_id, store_id, delta, quantity, kind, reason, staff_id, order_id, document_id, xact)
    SELECT n.offer_id, n.store_id, n.quantity - o.quantity, n.quantity, coalesce(m->>'kind', 'other'),
      coalesce(m->>'reason', ''), (m->>'staffId')::int, (m->>'orderId')::int, (m->>'documentId')::int, txid_current()
    FROM new_rows n JOIN old_rows o ON o.offer_id = n.offer_id AND o.store_id = n.store_id
    WHERE n.quantity <> o.quantity;
  ELSE
    INSERT INTO stock_movements (offer_id, store_id, delta, quantity, kind, reason, staff_id, order_id, document_id, xact)
    SELECT o.offer_id, o.store_id, -o.quantity, 0, coalesce(m->>'kind', 'other'), coalesce(m->>'reason', ''),
      (m->>'staffId')::int, (m->>'orderId')::int, (m->>'documentId')::int, txid_current()
    FROM old_rows o WHERE o.quantity <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_insert AFTER INSERT ON stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_write();
--> statement-breakpoint
CREATE TRIGGER stock_movements_update AFTER UPDATE ON stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_write();
--> statement-breakpoint
CREATE TRIGGER stock_movements_delete AFTER DELETE ON stock REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_write();
--> statement-breakpoint
-- What the shop held before the history began: one opening movement per row.
INSERT INTO stock_movements (offer_id, store_id, delta, quantity, kind, reason, xact)
SELECT offer_id, store_id, quantity, quantity, 'import', 'Остаток на начало истории', txid_current()
FROM stock WHERE quantity <> 0;
--> statement-breakpoint
-- An order's movements are written before its row exists; this finds them to give them its id.
CREATE INDEX stock_movements_unlinked_idx ON stock_movements (xact) WHERE order_id IS NULL;
