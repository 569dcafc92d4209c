import { sql } from 'drizzle-orm';
import type { CatalogueBatch } from '../../domain/exchange/catalogue-import';
import { normalName, type OfferInput } from '../../domain/exchange/catalogue-mapping';
import { changeOf, IMPORT_DEFAULTS, issue, PRODUCT_FIELDS, productSkip } from '../../domain/exchange/import-rules';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { queryRows } from '../client';
import { brandIds, colorCodes } from './exchange-import-brands-colours';
import { json, lastBy, parsed, type Tx, textArray, textSet } from './exchange-import-sql';
import { copyParcels, copyToVariants, replacePhotos } from './exchange-import-variants';

interface ExchangeProductRow {
  onec_id: string;
  name: string;
  article: string;
  description: string;
  section_id: number;
  brand_id: number;
  color_code: string | null;
  props: Record<string, string> | string;
  images: string[] | string;
  deleted: boolean;
}

/**
 * 1C products: their rows here, copied onto their colour variants (only where something differs, so an identical
 * package changes nothing and drops no cached page). Answers the offers that were waiting for these products.
 */
export async function writeProducts(
  tx: Tx,
  logId: number,
  catalogueId: string,
  products: CatalogueBatch['products'],
  counts: ImportCounts,
  errors: ImportIssue[],
): Promise<OfferInput[]> {
  if (products.length === 0) return [];
  const groupIds = products.flatMap((p) => (p.groupId ? [p.groupId] : []));
  const sections = new Map(
    (
      await queryRows<{ onec_id: string; section_id: number }>(
        tx,
        sql`select onec_id, section_id from exchange_sections where onec_id in ${textSet(groupIds)}`,
      )
    ).map((r) => [r.onec_id, Number(r.section_id)]),
  );
  const ready = products.filter((p) => {
    const skip = productSkip(p, p.groupId !== null && sections.has(p.groupId));
    if (skip?.message) errors.push(issue(p.onecId, skip.message));
    return !skip;
  });
  if (ready.length === 0) return [];
  const brandOf = (p: (typeof ready)[number]) => p.brandName ?? IMPORT_DEFAULTS.brand;
  const brands = await brandIds(tx, ready.map(brandOf));
  const colors = await colorCodes(
    tx,
    ready.flatMap((p) => (p.colorName ? [p.colorName] : [])),
  );
  const rows = lastBy(ready, (p) => p.onecId).map((p) => ({
    onec_id: p.onecId,
    name: p.name,
    article: p.article,
    description: p.description,
    section_id: sections.get(p.groupId as string) as number,
    brand_id: brands.get(brandOf(p).toLowerCase()) as number,
    color_code: p.colorName ? (colors.get(normalName(p.colorName)) ?? null) : null,
    props: p.props,
    // Kept, not compared (`PRODUCT_FIELDS`): the shop shows none of them, so they change nothing a shopper sees.
    requisites: p.requisites,
    parcel: p.parcel,
    catalogue_id: catalogueId,
    images: p.images,
    deleted: p.deleted,
  }));
  const before = new Map(
    (
      await queryRows<ExchangeProductRow>(
        tx,
        sql`select onec_id, name, article, description, section_id, brand_id, color_code, props, images, deleted
          from exchange_products where onec_id in ${textSet(rows.map((r) => r.onec_id))}`,
      )
    ).map((r) => [r.onec_id, r]),
  );
  for (const r of rows) {
    const old = before.get(r.onec_id);
    const change = changeOf(PRODUCT_FIELDS, old && fieldsOf(old), fieldsOf(r));
    if (change) counts.products[change]++;
  }
  await tx.execute(sql`insert into exchange_products as e
      (onec_id, name, article, description, section_id, brand_id, color_code, props, requisites, parcel, catalogue_id,
        images, deleted, seen_log)
    select onec_id, name, article, description, section_id, brand_id, color_code, props, requisites, parcel,
      catalogue_id, images, deleted, ${logId}
    from jsonb_to_recordset(${json(rows)}) as x(onec_id text, name text, article text, description text,
      section_id int, brand_id int, color_code text, props jsonb, requisites jsonb, parcel jsonb, catalogue_id text,
      images text[], deleted boolean)
    on conflict (onec_id) do update set name = excluded.name, article = excluded.article,
      description = excluded.description, section_id = excluded.section_id, brand_id = excluded.brand_id,
      color_code = excluded.color_code, props = excluded.props, requisites = excluded.requisites,
      parcel = e.parcel || excluded.parcel, catalogue_id = excluded.catalogue_id,
      images = excluded.images, deleted = excluded.deleted, seen_log = excluded.seen_log`);
  const ids = textSet(rows.map((r) => r.onec_id));
  await copyToVariants(tx, sql`v.onec_product_id in ${ids}`);
  await copyParcels(tx, rows);
  const photos = await queryRows<{ product_id: number }>(tx, replacePhotos(sql`v.onec_product_id in ${ids}`));
  counts.images.changed += new Set(photos.map((p) => p.product_id)).size;
  const joined = await queryRows<{ record: OfferInput | string }>(
    tx,
    sql`delete from exchange_pending_offers where onec_product_id in ${ids} returning record`,
  );
  return joined.map((r) => parsed(r.record));
}

/** A product row, stored or about to be, in the terms of `PRODUCT_FIELDS`. */
const fieldsOf = (r: Omit<ExchangeProductRow, 'props' | 'images'> & { props: unknown; images: string[] | string }) => ({
  name: r.name,
  article: r.article,
  description: r.description,
  sectionId: Number(r.section_id),
  brandId: Number(r.brand_id),
  colorCode: r.color_code,
  props: parsed(r.props),
  images: textArray(r.images),
  deleted: r.deleted,
});
