import { sql } from 'drizzle-orm';
import type { CheckoutRepository } from '../../domain/order/ports';
import type { PromoCode } from '../../domain/pricing/promo';
import { type Db, queryRows } from '../client';

/** The checkout's discounts: the session's promo codes, a code's terms and uses, discount cards. */
export type CheckoutDiscounts = Pick<
  CheckoutRepository,
  | 'sessionPromoCodes'
  | 'addPromoCode'
  | 'removePromoCode'
  | 'promo'
  | 'promoUses'
  | 'cardsInUse'
  | 'ownCardRemoved'
  | 'setOwnCardRemoved'
  | 'card'
>;

export function checkoutDiscounts(db: Db): CheckoutDiscounts {
  return {
    async sessionPromoCodes(sessionId) {
      const rows = await queryRows<{ code: string }>(
        db,
        sql`select code from checkout_promo_codes where session_id = ${sessionId} order by created_at, code`,
      );
      return rows.map((r) => r.code);
    },

    async addPromoCode(sessionId, code) {
      await db.execute(sql`
        insert into checkout_promo_codes (session_id, code) values (${sessionId}, ${code}) on conflict do nothing`);
    },

    async removePromoCode(sessionId, code) {
      await db.execute(sql`delete from checkout_promo_codes where session_id = ${sessionId} and code = ${code}`);
    },

    async promo(code): Promise<PromoCode | null> {
      const [r] = await queryRows<{
        code: string;
        percent: number | null;
        amount: number | null;
        min_basket: number;
        starts_at: string | null;
        ends_at: string | null;
        section_ids: number[] | null;
        brand_ids: number[] | null;
        max_uses: number | null;
        per_customer: number | null;
        uses: number;
        stopped_at: string | null;
      }>(db, sql`select * from promo_codes where code = ${code}`);
      if (!r) return null;
      const num = (v: number | null) => (v === null ? null : Number(v));
      return {
        code: r.code,
        percent: num(r.percent),
        amount: num(r.amount),
        minBasket: Number(r.min_basket),
        startsAt: r.starts_at ? new Date(r.starts_at) : null,
        endsAt: r.ends_at ? new Date(r.ends_at) : null,
        sectionIds: r.section_ids?.map(Number) ?? null,
        brandIds: r.brand_ids?.map(Number) ?? null,
        maxUses: num(r.max_uses),
        perCustomer: num(r.per_customer),
        uses: Number(r.uses),
        stoppedAt: r.stopped_at ? new Date(r.stopped_at) : null,
      };
    },

    async promoUses(code, customer) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from promo_code_uses where code = ${code} and customer = ${customer}`,
      );
      return Number(row?.n ?? 0);
    },

    async cardsInUse() {
      const [row] = await queryRows<{ used: boolean }>(
        db,
        sql`select exists (select 1 from discount_cards where active) as used`,
      );
      return row?.used === true;
    },

    async ownCardRemoved(sessionId) {
      const [row] = await queryRows<{ removed: boolean }>(
        db,
        sql`select discount_card_removed as removed from sessions where id = ${sessionId}`,
      );
      return row?.removed === true;
    },

    async setOwnCardRemoved(sessionId, removed) {
      await db.execute(sql`update sessions set discount_card_removed = ${removed} where id = ${sessionId}`);
    },

    async card(input) {
      const where = 'userId' in input ? sql`user_id = ${input.userId}` : sql`number = ${input.number}`;
      const [row] = await queryRows<{ number: string; percent: number; active: boolean; bonus_balance: number }>(
        db,
        sql`select number, percent, active, bonus_balance from discount_cards where ${where}`,
      );
      return row
        ? {
            number: row.number,
            percent: Number(row.percent),
            active: row.active,
            bonusBalance: Number(row.bonus_balance),
          }
        : null;
    },
  };
}
