import { sql } from 'drizzle-orm';
import { type OfferInput, offerPrice } from '../../domain/exchange/catalogue-mapping';
import { changeOf, issue, NO_RETAIL_PRICE, PRICE_FIELDS } from '../../domain/exchange/import-rules';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { json, type Tx } from './exchange-import-sql';

/** An offer as it stands before the file: its row's id and prices. */
export interface PricedOffer {
  offer_id: number;
  price: number;
  old_price: number | null;
}

/**
 * Prices of offers that exist already, by role (`offerPrice`), written where they changed; answers every offer's
 * price after the file (new offers' included, their prices go in with their rows) and names those without a retail one.
 */
export async function writePrices(
  tx: Tx,
  offers: OfferInput[],
  existing: ReadonlyMap<string, PricedOffer>,
  counts: ImportCounts,
  errors: ImportIssue[],
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  const repriced: { id: number; price: number; old: number | null }[] = [];
  for (const o of offers) {
    const row = existing.get(o.onecId);
    const current = row
      ? { price: Number(row.price), old: row.old_price === null ? null : Number(row.old_price) }
      : null;
    const next = offerPrice(o, current);
    prices.set(o.onecId, next.price);
    if (row && changeOf(PRICE_FIELDS, current, next)) repriced.push({ id: Number(row.offer_id), ...next });
  }
  if (repriced.length > 0) {
    await tx.execute(sql`update offers o set price = x.price, old_price = x.old
      from jsonb_to_recordset(${json(repriced)}) as x(id int, price bigint, old bigint) where o.id = x.id`);
    counts.prices.changed += repriced.length;
  }
  for (const o of offers) if (o.noRetailPrice) errors.push(issue(o.onecId, NO_RETAIL_PRICE));
  return prices;
}
