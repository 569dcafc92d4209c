import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { offerParcels } from '../../db/repositories/parcels';
import { DEFAULT_PARCEL } from '../../domain/delivery/parcel';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 42.6: each offer's packed weight and size, the product's own, else its sections' up the tree, else the shop's. */
let app: TestApp;
const rows = <T>(query: SQL) => queryRows<T>(app.database.db, query);
const exec = (query: SQL) => app.database.db.execute(query);

/** An offer of a product in a leaf section whose group (parent) is `group`, with the leaf's and the group's ids. */
async function offerIn(groupCode: string, skip = 0) {
  const [row] = await rows<{ offer: number; product: number; leaf: number; group: number; root: number }>(
    sql`select o.id as offer, p.id as product, p.section_id as leaf, s.parent_id as group, g.parent_id as root
      from offers o join products p on p.id = o.product_id join sections s on s.id = p.section_id
      join sections g on g.id = s.parent_id
      where g.code = ${groupCode} order by o.id limit 1 offset ${skip}`,
  );
  if (!row) throw new Error(`no offer under ${groupCode}`);
  return row;
}

async function offerOfSection(code: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`select o.id from offers o join products p on p.id = o.product_id join sections s on s.id = p.section_id
      where s.code = ${code} order by o.id limit 1`,
  );
  if (!row) throw new Error(`no offer in ${code}`);
  return Number(row.id);
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('offerParcels', () => {
  it('takes the seeded section defaults: a down jacket is not a scarf', async () => {
    const down = await offerOfSection('puhoviki');
    const scarf = await offerOfSection('sharfy');
    const facts = await offerParcels(app.database.db)([down, scarf]);
    expect(facts.get(down)).toEqual({ weight: 1500, length: 50, width: 40, height: 15 });
    // Scarves have no default of their own: the accessories group's.
    expect(facts.get(scarf)).toEqual({ weight: 200, length: 25, width: 20, height: 5 });
  });

  it('the own value, else the section’s, else the parent’s, else DEFAULT_PARCEL — fact by fact, many offers in one call', async () => {
    const own = await offerIn('verkhnyaya-odezhda', 0);
    const leaf = await offerIn('aksessuary', 0);
    // A product of another leaf of the same trees, so the changes below do not mix.
    const parent = await rows<{ offer: number; leaf: number; group: number }>(
      sql`select o.id as offer, p.section_id as leaf, s.parent_id as group from offers o
        join products p on p.id = o.product_id join sections s on s.id = p.section_id
        join sections g on g.id = s.parent_id
        where g.code = 'aksessuary' and p.section_id <> ${leaf.leaf} order by o.id limit 1`,
    );
    const up = parent[0];
    if (!up) throw new Error('no second accessories section');
    const none = await offerIn('verkhnyaya-odezhda', 0);

    await exec(sql`update products set weight = 2345, height = 7 where id = ${own.product}`);
    await exec(sql`update sections set weight = 321, length = 33, width = 22, height = 4 where id = ${leaf.leaf}`);
    await exec(sql`update sections set weight = 111, length = null, width = 19, height = 3 where id = ${up.group}`);
    await exec(sql`update sections set weight = null, length = null, width = null, height = null
      where id = ${up.leaf}`);

    const read = offerParcels(app.database.db);
    const facts = await read([own.offer, leaf.offer, up.offer, 999_999_999]);
    expect(facts.size).toBe(4);
    // Weight and height its own, the length and width its section's (down jackets', or the outerwear group's).
    const ownFacts = facts.get(own.offer);
    expect(ownFacts?.weight).toBe(2345);
    expect(ownFacts?.height).toBe(7);
    expect(ownFacts?.length).toBeGreaterThan(0);
    expect(facts.get(leaf.offer)).toEqual({ weight: 321, length: 33, width: 22, height: 4 });
    // The parent's where it says; its length is null, the root has none: the shop's default.
    expect(facts.get(up.offer)).toEqual({ weight: 111, length: DEFAULT_PARCEL.length, width: 19, height: 3 });
    // No such offer: the default.
    expect(facts.get(999_999_999)).toEqual(DEFAULT_PARCEL);

    // Nothing anywhere up the tree: the shop's default.
    await exec(sql`update sections set weight = null, length = null, width = null, height = null
      where id = any(${`{${[none.leaf, none.group, none.root].join(',')}}`}::int[])`);
    await exec(sql`update products set weight = null, length = null, width = null, height = null
      where id = (select product_id from offers where id = ${none.offer})`);
    expect((await read([none.offer])).get(none.offer)).toEqual(DEFAULT_PARCEL);
    expect((await read([])).size).toBe(0);
  });

  it('answers hundreds of offers in one query', async () => {
    const ids = (await rows<{ id: number }>(sql`select id from offers order by id limit 300`)).map((r) => Number(r.id));
    const db = app.database.db;
    let queries = 0;
    const counting = {
      execute: ((q: Parameters<typeof db.execute>[0]) => {
        queries++;
        return db.execute(q);
      }) as typeof db.execute,
    };
    const facts = await offerParcels(counting)(ids);
    expect(queries).toBe(1);
    expect(facts.size).toBe(ids.length);
    for (const f of facts.values()) expect(f.weight).toBeGreaterThan(0);
  });
});
