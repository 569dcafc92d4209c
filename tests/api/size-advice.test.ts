import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const advice = async (query: Record<string, string>) => {
  const res = await app.fetch(`${API.sizeAdvice}?${new URLSearchParams(query)}`);
  return { status: res.status, body: await res.json() };
};

describe('GET /api/v2/catalog/size/advice/', () => {
  it('answers the size and why, for a range of bodies', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ gender: 'woman', height: '160', chest: '80', waist: '60', hips: '86' }, 42],
      [{ gender: 'woman', height: '168', chest: '86', waist: '64', hips: '94' }, 44],
      [{ gender: 'woman', height: '172', chest: '90', waist: '76', hips: '104' }, 50],
      [{ gender: 'woman', height: '175', chest: '104', waist: '88', hips: '112' }, 54],
      [{ gender: 'man', height: '176', chest: '90', waist: '78', hips: '94' }, 46],
      [{ gender: 'man', height: '182', chest: '98', waist: '84', hips: '100' }, 50],
      [{ gender: 'man', height: '190', chest: '109,5', waist: '98', hips: '110' }, 56],
    ];
    for (const [query, size] of cases) {
      const { status, body } = await advice(query);
      expect(status).toBe(200);
      expect(body.data.size).toBe(size);
      expect(body.data.text).toMatch(new RegExp(`^Размер ${size}: его определяет `));
    }
  });

  it.each([
    [{ height: '168', chest: '86', waist: '64', hips: '94' }, 'Выберите, для кого подбираем размер: woman или man.'],
    [{ gender: 'woman', chest: '86', waist: '64', hips: '94' }, 'Укажите: рост.'],
    [{ gender: 'woman', height: '300', chest: '86', waist: '64', hips: '94' }, 'Рост — от 130 до 220 см.'],
    [{ gender: 'woman', height: '168', chest: 'много', waist: '64', hips: '94' }, 'Обхват груди — от 60 до 160 см.'],
    [
      { gender: 'woman', height: '168', chest: '130', waist: '64', hips: '94' },
      'Такого размера в таблице нет: обхват груди 130 см больше, чем у размера 54.',
    ],
  ])('refuses %o with a Russian message', async (query, message) => {
    const { status, body } = await advice(query);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe(message);
  });
});

describe('GET /api/v2/catalog/size/advice/?productId=', () => {
  const body = { height: '186', chest: '98', waist: '84', hips: '100' };
  const productOf = async (where: ReturnType<typeof sql>) => {
    const rows = await queryRows<{ id: number }>(
      app.database.db,
      sql`select p.id from products p where ${where} and exists (select 1 from offers o where o.product_id = p.id
            and o.size_name ~ '^[0-9]+$') order by p.id limit 1`,
    );
    return rows[0]?.id as number;
  };

  it('takes the product’s table, its category’s room for layers and its photo model', async () => {
    const id = await productOf(sql`p.gender = 'man' and p.category = 'пальто'`);
    // The model's 96-84-100 take a 50 by the table, and he wears a 52: this coat runs small.
    await app.database.db.execute(
      sql`update products set model_props = ${JSON.stringify([
        { code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: '52' },
        { code: 'ROST_FOTOMODELI', value: '186' },
        { code: 'OBEMY_FOTOMODELI', value: '96-84-100' },
      ])}::jsonb where id = ${id}`,
    );
    expect((await advice({ gender: 'man', ...body })).body.data.size).toBe(50);
    const { status, body: answer } = await advice({ productId: String(id), ...body });
    expect(status).toBe(200);
    expect(answer.data.size).toBe(52);
    expect(answer.data.text).toContain('Модель маломерит: по меркам фотомодели подходит 50, а на ней размер 52');
  });

  it('refuses an unknown product, a bad id and a product sized in letters', async () => {
    expect((await advice({ productId: '999999', ...body })).status).toBe(404);
    const bad = await advice({ productId: 'шуба', ...body });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe('Укажите номер товара (productId) — целое положительное число.');
    const rows = await queryRows<{ id: number }>(
      app.database.db,
      sql`select product_id as id from offers where size_name !~ '^[0-9]+$' order by product_id limit 1`,
    );
    const hat = await advice({ productId: String(rows[0]?.id), ...body });
    expect(hat.status).toBe(400);
    expect(hat.body.errors[0].message).toMatch(/^Размеры этого товара — .+: по меркам их не подбирают\.$/);
  });
});

describe('the «Выбор размера» page', () => {
  it('prints both tables and gives the advice from the form without JavaScript', async () => {
    const page = await (await app.fetch('/info/vybor-razmera/')).text();
    expect(page).toContain('Женские размеры');
    expect(page).toContain('Мужские размеры');
    const res = await app.fetch('/info/vybor-razmera/?gender=man&height=182&chest=98&waist=84&hips=100');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Ваш размер — 50.');
    const bad = await (await app.fetch('/info/vybor-razmera/?gender=man&height=1&chest=98&waist=84&hips=100')).text();
    expect(bad).toContain('Рост — от 130 до 220 см.');
  });
});
