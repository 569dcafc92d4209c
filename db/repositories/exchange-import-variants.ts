import { type SQL, sql } from 'drizzle-orm';
import { kindOf, type OfferInput, slug } from '../../domain/exchange/catalogue-mapping';
import { IMPORT_DEFAULTS } from '../../domain/exchange/import-rules';
import { queryRows, ts } from '../client';
import { intArray, json, nextIds, type Tx } from './exchange-import-sql';
import { onSaleSql } from './on-sale';
import { variantPriceCtes } from './variant-prices';

/** A 1C product as its offers' variants are made from it. */
export interface KnownProduct {
  onec_id: string;
  model_id: number | null;
  color_code: string | null;
  name: string;
  article: string;
  section_name: string;
}

/** The variant (shop product) of each offer's product and colour, made when new; keys `onecProductId\ncolor`. */
export async function variantIds(
  tx: Tx,
  offers: OfferInput[],
  colorOf: (o: OfferInput) => string,
  known: Map<string, KnownProduct>,
  now: Date,
): Promise<Map<string, number>> {
  const keys = [...new Map(offers.map((o) => [`${o.onecProductId}\n${colorOf(o)}`, o])).values()].map((o) => ({
    p: o.onecProductId,
    c: colorOf(o),
  }));
  const found = await queryRows<{ onec_product_id: string; color_code: string; product_id: number }>(
    tx,
    sql`select v.onec_product_id, v.color_code, v.product_id from exchange_variants v
      join jsonb_to_recordset(${json(keys)}) as x(p text, c text) on v.onec_product_id = x.p and v.color_code = x.c`,
  );
  const ids = new Map(found.map((r) => [`${r.onec_product_id}\n${r.color_code}`, Number(r.product_id)]));
  const missing = keys.filter((k) => !ids.has(`${k.p}\n${k.c}`));
  if (missing.length === 0) return ids;
  const newIds = await nextIds(tx, 'products', missing.length);
  const models = new Map<string, number>();
  const rows = missing.map((k, i) => {
    const id = newIds[i] as number;
    const product = known.get(k.p) as KnownProduct;
    // A model's id is its first variant's: above every id in the table, so it meets no other model's.
    const modelId = product.model_id ?? models.get(k.p) ?? id;
    models.set(k.p, modelId);
    ids.set(`${k.p}\n${k.c}`, id);
    return {
      id,
      model_id: Number(modelId),
      onec_id: k.p,
      color_code: k.c,
      code: `${slug(product.article || product.name, 'tovar')}-${k.c}-${id}`,
      kind: kindOf(product.section_name, product.name),
    };
  });
  await tx.execute(sql`with x as (select * from jsonb_to_recordset(${json(rows)})
      as x(id int, model_id int, onec_id text, color_code text, code text, kind text)),
    made as (insert into products (id, model_id, section_id, section_path, brand_id, code, url, name, article, category,
        kind, gender, color_code, description, props, model_props, is_new, min_price, old_price, discount_percent,
        popularity, sort, active, created_at, weight, length, width, height)
      select x.id, x.model_id, e.section_id, s.path, e.brand_id, x.code, '/product/' || x.code || '/', e.name,
        e.article, lower(s.name), x.kind, s.gender, x.color_code, e.description, e.props, '[]'::jsonb, false, 0, null,
        0, 0, ${IMPORT_DEFAULTS.sort}, false, ${ts(now)}, (e.parcel->>'weight')::int, (e.parcel->>'length')::int,
        (e.parcel->>'width')::int, (e.parcel->>'height')::int
      from x join exchange_products e on e.onec_id = x.onec_id join sections s on s.id = e.section_id),
    models as (update exchange_products e set model_id = x.model_id from x where e.onec_id = x.onec_id
      and e.model_id is null)
    insert into exchange_variants (onec_product_id, color_code, product_id) select onec_id, color_code, id from x`);
  await tx.execute(
    sql`insert into product_images (product_id, file, sort)
      select v.product_id, f.file, f.n - 1 from exchange_variants v join exchange_products e on e.onec_id = v.onec_product_id,
        unnest(e.images) with ordinality as f(file, n)
      where v.product_id = any(${intArray(rows.map((r) => r.id))})`,
  );
  return ids;
}

/**
 * The 1C product's fields onto its variants where they differ; a variant is live by the on-sale rule (the staff's
 * hold is a publish state 1C does not know, so an exchange never undoes it).
 */
export async function copyToVariants(tx: Tx, where: SQL) {
  const live = onSaleSql({
    deletedBy1C: sql`e.deleted`,
    priced: sql`p.min_price > 0`,
    unpublished: sql`p.unpublished`,
  });
  await tx.execute(sql`update products p set name = e.name, article = e.article, description = e.description,
      section_id = e.section_id, section_path = s.path, brand_id = e.brand_id, props = e.props, gender = s.gender,
      category = lower(s.name), active = ${live}
    from exchange_variants v join exchange_products e on e.onec_id = v.onec_product_id
      join sections s on s.id = e.section_id
    where p.id = v.product_id and ${where}
      and (p.name, p.article, p.description, p.section_id, p.section_path, p.brand_id, p.props, p.gender, p.category, p.active)
        is distinct from
        (e.name, e.article, e.description, e.section_id, s.path, e.brand_id, e.props, s.gender, lower(s.name), ${live})`);
}

/**
 * The weight and size 1C sent in this file onto the products' variants, fact by fact: what it did not send stays as
 * the staff or an earlier exchange left it (a staff change holds until 1C sends that fact again).
 */
export async function copyParcels(tx: Tx, sent: readonly { onec_id: string; parcel: object }[]) {
  const rows = sent.filter((r) => Object.keys(r.parcel).length > 0);
  if (rows.length === 0) return;
  const fact = (name: string) => sql`coalesce((x.parcel->>${name})::int, p.${sql.identifier(name)})`;
  await tx.execute(sql`update products p set weight = ${fact('weight')}, length = ${fact('length')},
      width = ${fact('width')}, height = ${fact('height')}
    from jsonb_to_recordset(${json(rows)}) as x(onec_id text, parcel jsonb)
      join exchange_variants v on v.onec_product_id = x.onec_id
    where p.id = v.product_id
      and (p.weight, p.length, p.width, p.height) is distinct from
        (${fact('weight')}, ${fact('length')}, ${fact('width')}, ${fact('height')})`);
}

/** The variants' photos replaced by the 1C product's when the lists differ (a product 1C sends no photo for keeps its). */
export const replacePhotos = (where: SQL): SQL => sql`with target as (
    select v.product_id, e.images from exchange_variants v join exchange_products e on e.onec_id = v.onec_product_id
    where ${where} and cardinality(e.images) > 0 and e.images is distinct from coalesce(
      (select array_agg(i.file order by i.sort, i.id) from product_images i where i.product_id = v.product_id), '{}')),
  gone as (delete from product_images i using target t where i.product_id = t.product_id)
  insert into product_images (product_id, file, sort)
  select t.product_id, f.file, f.n - 1 from target t, unnest(t.images) with ordinality as f(file, n)
  returning product_id`;

/**
 * A variant's lowest price, its old price and discount, and whether it is live, from its offers; a variant whose
 * offers all went to another colour has none left and goes out of sale.
 */
export async function refreshVariants(tx: Tx, productIds: number[]) {
  if (productIds.length === 0) return;
  await tx.execute(sql`with ${variantPriceCtes(intArray(productIds))},
    next as (
      select a.product_id, a.min_price, a.old_price, a.pct,
        ${onSaleSql({ deletedBy1C: sql`e.deleted`, priced: sql`a.min_price > 0`, unpublished: sql`p.unpublished` })} as live
      from prices a join products p on p.id = a.product_id
        join exchange_variants v on v.product_id = a.product_id join exchange_products e on e.onec_id = v.onec_product_id)
    update products p set min_price = n.min_price, old_price = n.old_price, discount_percent = n.pct, active = n.live
    from next n where p.id = n.product_id
      and (p.min_price, p.old_price, p.discount_percent, p.active) is distinct from (n.min_price, n.old_price, n.pct, n.live)`);
}
