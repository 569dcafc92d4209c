import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bonusPromises } from '../../domain/content/bonus-promises';
import { createTestApp, type TestApp } from '../support/test-app';

// A shop seeded before bonus accrual became one rule has the old sentences in its content tables; migration 0023
// must turn them into the rule's placeholders, so those pages neither show a raw placeholder nor promise accrual.
const MIGRATION = new URL('../../db/migrations/0023_content_bonus_accrual.sql', import.meta.url);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('migration 0023 rewrites the pages a database seeded before it holds', async () => {
  const db = app.database.db;
  await db.execute(sql`update content_pages set body = replace(body, '- {{bonus_accrual}}',
    '- За каждую покупку на карту приходит {{bonus_earn_percent}} от суммы товаров после скидок.')`);
  await db.execute(sql`update faq_items set answer =
    '{{bonus_earn_percent}} от суммы товаров после скидок. Бонусы начисляются, когда заказ получен.'
    where answer = '{{bonus_accrual}}'`);
  await db.execute(sql`update landing_pages set body = replace(body, '{{bonus_per_purchase}}',
    'За каждую покупку — {{bonus_earn_percent}} бонусами.')`);
  const old = await queryRows(db, sql`select id from faq_items where answer like '%bonus_earn_percent%'`);
  expect(old).toHaveLength(1);

  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
    await db.execute(sql.raw(statement));
  }

  const stale = await queryRows(
    db,
    sql`
    select id from content_pages where body like '%bonus_earn_percent%'
    union all select id from faq_items where answer like '%bonus_earn_percent%'
    union all select id from landing_pages where body like '%bonus_earn_percent%'`,
  );
  expect(stale).toEqual([]);
  for (const path of ['/info/bonusnaya-programma/', '/info/faq/', '/promo/novinki-sezona/']) {
    const html = await (await app.fetch(path)).text();
    const left = ['{{', 'За каждую покупку —'].filter((t) => html.includes(t));
    expect(left, path).toEqual([]);
  }
  expect((await (await app.fetch('/info/faq/')).text()).includes(bonusPromises().rule)).toBe(true);
});
