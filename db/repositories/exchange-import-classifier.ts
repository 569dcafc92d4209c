import { sql } from 'drizzle-orm';
import type { CatalogueBatch } from '../../domain/exchange/catalogue-import';
import { json, lastBy, type Tx } from './exchange-import-sql';

/** The classifier's properties with their value dictionaries: a dictionary grows, a value once seen is kept. */
export async function writeProperties(tx: Tx, properties: CatalogueBatch['properties']) {
  if (properties.length === 0) return;
  const rows = lastBy(properties, (p) => p.onecId).map((p) => ({
    onec_id: p.onecId,
    name: p.name,
    target: p.mapping.target,
    values: p.mapping.values,
  }));
  await tx.execute(sql`insert into exchange_properties as e (onec_id, name, target, values)
    select onec_id, name, target, values from jsonb_to_recordset(${json(rows)})
      as x(onec_id text, name text, target text, values jsonb)
    on conflict (onec_id) do update set name = excluded.name, target = excluded.target,
      values = e.values || excluded.values`);
}

export async function writePriceTypes(tx: Tx, types: CatalogueBatch['priceTypes']) {
  if (types.length === 0) return;
  const rows = lastBy(types, (t) => t.onecId).map((t) => ({ onec_id: t.onecId, name: t.name, role: t.role }));
  // A type seen before keeps its role (the back office may have set it); one without a role takes the retail role
  // a first exchange gives it (`adoptRetail`).
  await tx.execute(sql`insert into exchange_price_types as e (onec_id, name, role)
    select onec_id, name, role from jsonb_to_recordset(${json(rows)}) as x(onec_id text, name text, role text)
    on conflict (onec_id) do update set name = excluded.name, role = coalesce(e.role, excluded.role)`);
}

export async function writeWarehouses(tx: Tx, warehouses: CatalogueBatch['warehouses']) {
  if (warehouses.length === 0) return;
  const rows = lastBy(warehouses, (w) => w.id).map((w) => ({ onec_id: w.id, name: w.name }));
  // A new warehouse gives the stock of the store of its `Ид` as code, or of its name; else none until mapped.
  await tx.execute(sql`insert into exchange_warehouses (onec_id, name, store_id)
    select x.onec_id, x.name, (select s.id from stores s where s.code = x.onec_id or lower(s.name) = lower(x.name)
        order by (s.code = x.onec_id) desc, s.id limit 1)
    from jsonb_to_recordset(${json(rows)}) as x(onec_id text, name text)
    on conflict (onec_id) do update set name = excluded.name`);
}
