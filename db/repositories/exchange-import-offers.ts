import { sql } from 'drizzle-orm';
import { normalName, type OfferInput, offerPrice, sizeSort } from '../../domain/exchange/catalogue-mapping';
import { changeOf, IMPORT_DEFAULTS, isSold, OFFER_FIELDS } from '../../domain/exchange/import-rules';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { queryRows, ts } from '../client';
import { colorCodes } from './exchange-import-brands-colours';
import { type PricedOffer, writePrices } from './exchange-import-prices';
import { json, lastBy, nextIds, type Tx, textSet } from './exchange-import-sql';
import { writeStock } from './exchange-import-stock';
import { type KnownProduct, refreshVariants, variantIds } from './exchange-import-variants';

interface OfferRow extends PricedOffer {
  onec_id: string;
  product_id: number;
  color_code: string | null;
  size_name: string;
  size_sort: number;
}

/**
 * Offers: each to its product's variant of its colour (made when new) and its size; then prices, stock, and the
 * variants' prices and sale state. Offers of products not known yet wait in `exchange_pending_offers`.
 */
export async function writeOffers(
  tx: Tx,
  logId: number,
  offers: OfferInput[],
  counts: ImportCounts,
  errors: ImportIssue[],
  now: Date,
) {
  if (offers.length === 0) return;
  const known = new Map(
    (
      await queryRows<KnownProduct>(
        tx,
        sql`select e.onec_id, e.model_id, e.color_code, e.name, e.article, s.name as section_name
          from exchange_products e join sections s on s.id = e.section_id
          where e.onec_id in ${textSet(offers.map((o) => o.onecProductId))}`,
      )
    ).map((r) => [r.onec_id, r]),
  );
  await parkOffers(
    tx,
    offers.filter((o) => !known.has(o.onecProductId)),
    now,
  );
  // The last mention of an offer in a batch wins.
  const ready = lastBy(
    offers.filter((o) => known.has(o.onecProductId)),
    (o) => o.onecId,
  );
  if (ready.length === 0) return;
  const existing = new Map(
    (
      await queryRows<OfferRow>(
        tx,
        sql`select x.onec_id, x.offer_id, o.product_id, v.color_code, o.size_name, o.size_sort, o.price, o.old_price
          from exchange_offers x join offers o on o.id = x.offer_id
            left join exchange_variants v on v.product_id = o.product_id
          where x.onec_id in ${textSet(ready.map((o) => o.onecId))}`,
      )
    ).map((r) => [r.onec_id, r]),
  );

  // What the file does not give, a known offer keeps; a new one takes its product's colour and the default size.
  const fallbackColor = (o: OfferInput) =>
    existing.get(o.onecId)?.color_code ?? known.get(o.onecProductId)?.color_code ?? null;
  const other = IMPORT_DEFAULTS.color.name;
  const colors = await colorCodes(tx, [
    ...ready.flatMap((o) => (o.colorName ? [o.colorName] : [])),
    ...(ready.some((o) => !o.colorName && !fallbackColor(o)) ? [other] : []),
  ]);
  const colorOf = (o: OfferInput) =>
    (o.colorName ? colors.get(normalName(o.colorName)) : null) ??
    fallbackColor(o) ??
    (colors.get(normalName(other)) as string);
  const sizeOf = (o: OfferInput) => o.sizeName ?? existing.get(o.onecId)?.size_name ?? IMPORT_DEFAULTS.size;
  const variants = await variantIds(tx, ready, colorOf, known, now);
  const placeOf = (o: OfferInput) => ({
    productId: variants.get(`${o.onecProductId}\n${colorOf(o)}`) as number,
    sizeName: sizeOf(o),
    sizeSort: sizeSort(sizeOf(o)),
  });

  const fresh = ready.filter((o) => !existing.has(o.onecId));
  const freshIds = await nextIds(tx, 'offers', fresh.length);
  if (fresh.length > 0) {
    const rows = fresh.map((o, i) => {
      const place = placeOf(o);
      return {
        id: freshIds[i],
        onec_id: o.onecId,
        product_id: place.productId,
        size_name: place.sizeName,
        size_sort: place.sizeSort,
        ...offerPrice(o, null),
      };
    });
    await tx.execute(sql`with x as (select * from jsonb_to_recordset(${json(rows)})
        as x(id int, onec_id text, product_id int, size_name text, size_sort int, price bigint, old bigint)),
      made as (insert into offers (id, product_id, size_name, size_sort, price, old_price)
        select id, product_id, size_name, size_sort, price, old from x)
      insert into exchange_offers (onec_id, offer_id) select onec_id, id from x`);
    counts.offers.created += fresh.length;
  }
  const offerIds = new Map<string, number>([
    ...fresh.map((o, i): [string, number] => [o.onecId, freshIds[i] as number]),
    ...[...existing.values()].map((r): [string, number] => [r.onec_id, Number(r.offer_id)]),
  ]);

  const moved: { id: number; product_id: number; size_name: string; size_sort: number }[] = [];
  const left: number[] = [];
  for (const o of ready) {
    const row = existing.get(o.onecId);
    if (!row) continue;
    const before = { productId: Number(row.product_id), sizeName: row.size_name, sizeSort: Number(row.size_sort) };
    const place = placeOf(o);
    if (!changeOf(OFFER_FIELDS, before, place)) continue;
    moved.push({
      id: Number(row.offer_id),
      product_id: place.productId,
      size_name: place.sizeName,
      size_sort: place.sizeSort,
    });
    left.push(before.productId);
  }
  if (moved.length > 0) {
    await tx.execute(sql`update offers o set product_id = x.product_id, size_name = x.size_name, size_sort = x.size_sort
      from jsonb_to_recordset(${json(moved)}) as x(id int, product_id int, size_name text, size_sort int)
      where o.id = x.id`);
    counts.offers.changed += moved.length;
  }

  const prices = await writePrices(tx, ready, existing, counts, errors);
  const unsold = new Set(ready.filter((o) => !isSold(prices.get(o.onecId) ?? 0)).map((o) => o.onecId));
  await writeStock(tx, logId, ready, offerIds, unsold, counts, errors);
  await refreshVariants(tx, [...new Set([...variants.values(), ...left])]);
}

/** Offers of products not written yet wait for them (`writeProducts` joins them). */
async function parkOffers(tx: Tx, waiting: OfferInput[], now: Date) {
  if (waiting.length === 0) return;
  const rows = lastBy(waiting, (o) => o.onecId).map((o) => ({
    onec_id: o.onecId,
    onec_product_id: o.onecProductId,
    record: o,
  }));
  await tx.execute(sql`insert into exchange_pending_offers (onec_id, onec_product_id, record, received_at)
    select onec_id, onec_product_id, record, ${ts(now)}
    from jsonb_to_recordset(${json(rows)}) as x(onec_id text, onec_product_id text, record jsonb)
    on conflict (onec_id) do update set onec_product_id = excluded.onec_product_id, record = excluded.record`);
}
