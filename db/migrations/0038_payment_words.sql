-- The payment records in the shop's words (issue 41, decision 0029): statuses, decline reasons and receipt lines
-- were stored as YooKassa names them; the YooKassa adapter now translates, so the stored values are mapped once.
DROP INDEX "payments_open_idx";--> statement-breakpoint
CREATE FUNCTION "payment_words_reason"(reason text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE reason
    WHEN '3d_secure_failed' THEN 'code_not_confirmed'
    WHEN 'call_issuer' THEN 'call_the_bank'
    WHEN 'canceled_by_merchant' THEN 'cancelled_by_shop'
    WHEN 'card_expired' THEN 'card_expired'
    WHEN 'country_forbidden' THEN 'country_forbidden'
    WHEN 'expired_on_capture' THEN 'hold_lapsed'
    WHEN 'expired_on_confirmation' THEN 'confirmation_lapsed'
    WHEN 'fraud_suspected' THEN 'fraud_suspected'
    WHEN 'general_decline' THEN 'bank_declined'
    WHEN 'identification_required' THEN 'identification_required'
    WHEN 'insufficient_funds' THEN 'insufficient_funds'
    WHEN 'internal_timeout' THEN 'provider_timeout'
    WHEN 'invalid_card_number' THEN 'invalid_card_number'
    WHEN 'invalid_csc' THEN 'invalid_csc'
    WHEN 'issuer_unavailable' THEN 'bank_unavailable'
    WHEN 'payment_method_limit_exceeded' THEN 'card_limit_exceeded'
    WHEN 'payment_method_restricted' THEN 'card_restricted'
    WHEN 'permission_revoked' THEN 'permission_revoked'
    WHEN 'unsupported_mobile_operator' THEN 'operator_unsupported'
    WHEN 'create_refused' THEN 'create_refused'
    ELSE CASE WHEN reason IS NULL THEN NULL ELSE 'declined' END
  END
$$;--> statement-breakpoint
CREATE FUNCTION "payment_words_receipt"(receipt jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN NOT coalesce((receipt -> 'items' -> 0) ? 'vatCode', false) THEN receipt
  ELSE jsonb_set(receipt, '{items}', (
    SELECT jsonb_agg(
      (item - 'vatCode' - 'paymentSubject' - 'paymentMode') || jsonb_build_object(
        'vat', CASE (item ->> 'vatCode')::int
          WHEN 1 THEN '"none"'::jsonb WHEN 2 THEN '0'::jsonb WHEN 3 THEN '10'::jsonb
          WHEN 4 THEN '20'::jsonb WHEN 5 THEN '"10/110"'::jsonb WHEN 6 THEN '"20/120"'::jsonb
          WHEN 7 THEN '5'::jsonb WHEN 8 THEN '7'::jsonb WHEN 9 THEN '"5/105"'::jsonb
          WHEN 10 THEN '"7/107"'::jsonb WHEN 11 THEN '22'::jsonb WHEN 12 THEN '"22/122"'::jsonb
        END,
        'kind', CASE item ->> 'paymentSubject' WHEN 'service' THEN 'service' ELSE 'goods' END,
        'settlement', CASE item ->> 'paymentMode' WHEN 'full_payment' THEN 'full' ELSE 'advance' END)
      ORDER BY n)
    FROM jsonb_array_elements(receipt -> 'items') WITH ORDINALITY AS t(item, n)))
  END
$$;--> statement-breakpoint
CREATE FUNCTION "payment_words_status"(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'pending' THEN 'awaiting' WHEN 'waiting_for_capture' THEN 'held' WHEN 'succeeded' THEN 'paid'
    WHEN 'canceled' THEN 'cancelled' ELSE status END
$$;--> statement-breakpoint
UPDATE "payments" SET "status" = "payment_words_status"("status"),
  "cancellation_reason" = "payment_words_reason"("cancellation_reason"), "receipt" = "payment_words_receipt"("receipt");--> statement-breakpoint
UPDATE "refunds" SET "status" = CASE "status" WHEN 'succeeded' THEN 'refunded' WHEN 'canceled' THEN 'failed' ELSE "status" END,
  "receipt" = "payment_words_receipt"("receipt");--> statement-breakpoint
-- A payment's cancelled event notes the provider's reason code (or a sentence, kept as it is).
UPDATE "payment_events" SET
  "note" = CASE WHEN "status" = 'canceled' AND "note" IN (
    '3d_secure_failed', 'call_issuer', 'canceled_by_merchant', 'card_expired', 'country_forbidden',
    'expired_on_capture', 'expired_on_confirmation', 'fraud_suspected', 'general_decline',
    'identification_required', 'insufficient_funds', 'internal_timeout', 'invalid_card_number',
    'invalid_csc', 'issuer_unavailable', 'payment_method_limit_exceeded', 'payment_method_restricted',
    'permission_revoked', 'unsupported_mobile_operator'
  ) THEN "payment_words_reason"("note") ELSE "note" END,
  "status" = "payment_words_status"("status")
  WHERE "refund_id" IS NULL;--> statement-breakpoint
UPDATE "payment_events" SET "status" = CASE "status" WHEN 'succeeded' THEN 'refunded' WHEN 'canceled' THEN 'failed' ELSE "status" END
  WHERE "refund_id" IS NOT NULL;--> statement-breakpoint
UPDATE "test_gateway_payments" SET "status" = "payment_words_status"("status"),
  "cancellation_reason" = "payment_words_reason"("cancellation_reason"), "receipt" = "payment_words_receipt"("receipt");--> statement-breakpoint
UPDATE "test_gateway_refunds" SET "status" = CASE "status" WHEN 'succeeded' THEN 'refunded' ELSE "status" END,
  "receipt" = "payment_words_receipt"("receipt");--> statement-breakpoint
DROP FUNCTION "payment_words_status"(text);--> statement-breakpoint
DROP FUNCTION "payment_words_receipt"(jsonb);--> statement-breakpoint
DROP FUNCTION "payment_words_reason"(text);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" SET DEFAULT 'awaiting';--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status") WHERE "payments"."status" in ('awaiting', 'held');
