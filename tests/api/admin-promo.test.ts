import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { orderPlacementWrites } from '../../db/repositories/order-placement';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let offers: OfferFacts[];
let k: Awaited<ReturnType<typeof checkoutKit>>;
let merch: Awaited<ReturnType<typeof staffBrowser>>;
let content: Awaited<ReturnType<typeof staffBrowser>>;
let next = 0;

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ ORDERS_PER_PHONE_DAY: '100' });
  ignorePoolErrorsOnClose(app.database.db);
  offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000).slice(0, 10);
  k = await checkoutKit(app);
  await addStaff(app, { email: 'promo-merch@vyuga.test', role: 'merchandiser' });
  await addStaff(app, { email: 'promo-content@vyuga.test', role: 'content' });
  merch = await loggedIn('promo-merch@vyuga.test');
  content = await loggedIn('promo-content@vyuga.test');
});
afterAll(() => app.close());

const codePath = (template: string, code: string) => template.replace(':code', code);
const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];
interface Promo {
  code: string;
  kind: string;
  value: number;
  minTotal: number;
  uses: number;
  revenue: number;
  state: string;
  stoppedAt: string | null;
  usesLimit: number | null;
  sectionIds: number[];
}
const promoOf = async (res: Response) => {
  const body = (await res.json()) as { data: { promocode: Promo } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.promocode;
};
const create = (body: Record<string, unknown>) => merch.call(STAFF_API.promocodes, body);
const audits = (code: string) =>
  k.rows<{ action: string; staff_email: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select action, staff_email, changes from audit_log where entity = 'promo_code' and entity_id = ${code} order by id`,
  );
const stored = (code: string) =>
  k.rows<{ percent: number | null; amount: number | null; min_basket: number; stopped_at: unknown; uses: number }>(
    sql`select percent, amount, min_basket, stopped_at, uses from promo_codes where code = ${code}`,
  );

/** A shopper with the next offer in the basket; the order page's totals in roubles. */
async function shopper() {
  const offer = offers[next++] as OfferFacts;
  await k.stockOf(offer, 5, 1);
  const { v, phone } = await k.quickShopper(offer);
  const total = async () =>
    ((await (await k.rpc(v, 'sale.order.data', { deliveryType: 'SHOP' })).json()) as { totals: { total: number } })
      .totals.total;
  const apply = async (code: string) => (await k.rpc(v, 'sale.order.setPromocode', { promocode: code })).json();
  const save = async () => {
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    return { status: res.status, body: (await res.json()) as { id?: number; error?: { msg: string; code: string } } };
  };
  return { offer, v, phone, total, apply, save };
}

describe('promo codes in the back office', () => {
  it('creates a code the shopper applies on the order page, counts its uses and revenue, stops it', async () => {
    const code = unique('ZIMA');
    const promo = await promoOf(await create({ code: code.toLowerCase(), kind: 'amount', value: 500, minTotal: 1000 }));
    expect(promo).toMatchObject({
      code,
      kind: 'amount',
      value: 500,
      minTotal: 1000,
      uses: 0,
      revenue: 0,
      state: 'active',
    });
    expect(await stored(code)).toEqual([
      { percent: null, amount: 50_000, min_basket: 100_000, stopped_at: null, uses: 0 },
    ]);

    const a = await shopper();
    const full = await a.total();
    expect(await a.apply(code)).toEqual({ promocodeList: [code] });
    expect(await a.total()).toBe(full - 500);
    const saved = await a.save();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // Uses and revenue as the list and the card answer them; the card lists the order.
    const list = (await (await merch.get(STAFF_API.promocodes)).json()) as { data: { items: Promo[] } };
    const listed = list.data.items.find((p) => p.code === code);
    expect(listed).toMatchObject({ uses: 1, revenue: full - 500, state: 'active' });
    const card = (await (await merch.get(codePath(STAFF_API.promocode, code))).json()) as {
      data: { uses: { orderId: number; total: number }[] };
    };
    expect(card.data.uses).toEqual([expect.objectContaining({ orderId: saved.body.id, total: full - 500 })]);

    // A second shopper enters it; the back office stops it; applying again and saving are both refused.
    const b = await shopper();
    expect(await b.apply(code)).toEqual({ promocodeList: [code] });
    const stopped = await promoOf(await merch.call(codePath(STAFF_API.promocodeStop, code)));
    expect(stopped).toMatchObject({ state: 'stopped', stoppedAt: expect.any(String), uses: 1 });
    const c = await shopper();
    expect(await c.apply(code)).toEqual({
      error: { msg: 'Промокод больше не действует.', code: 'sale.order/PROMOCODE_EXPIRED' },
    });
    const refusedSave = await b.save();
    expect(refusedSave.status).not.toBe(200);
    expect(refusedSave.body.error).toEqual({
      msg: 'Промокод больше не действует.',
      code: 'sale.order/PROMOCODE_EXPIRED',
    });
    expect((await stored(code))[0]?.uses).toBe(1);
    const filtered = (await (await merch.get(`${STAFF_API.promocodes}?state=stopped`)).json()) as {
      data: { items: Promo[] };
    };
    expect(filtered.data.items.map((p) => p.code)).toContain(code);
    expect(filtered.data.items.every((p) => p.state === 'stopped')).toBe(true);

    const entries = await audits(code);
    expect(entries.map((e) => e.action)).toEqual(['promo.create', 'promo.stop']);
    expect(entries[0]).toMatchObject({ staff_email: 'promo-merch@vyuga.test', changes: { amount: { after: 50_000 } } });
    expect(entries[1]?.changes.stoppedAt).toEqual({ before: null, after: stopped.stoppedAt });
  });

  it('the order save does not take a code stopped after it was entered (takePromo)', async () => {
    const code = unique('STOP');
    await promoOf(await create({ code, kind: 'percent', value: 5 }));
    await merch.call(codePath(STAFF_API.promocodeStop, code));
    const taken = await app.database.db.transaction((tx) =>
      orderPlacementWrites(tx).takePromo(code, 'phone:79110000000', { maxUses: null, perCustomer: null }),
    );
    expect(taken).toBe('stopped');
    expect((await stored(code))[0]?.uses).toBe(0);
  });

  it('keeps a use limit: with usesLimit 1 the second order is refused', async () => {
    const code = unique('ODNA');
    await promoOf(await create({ code, kind: 'percent', value: 10, usesLimit: 1 }));
    const a = await shopper();
    const b = await shopper();
    expect(await a.apply(code)).toEqual({ promocodeList: [code] });
    expect(await b.apply(code)).toEqual({ promocodeList: [code] });
    expect((await a.save()).status).toBe(200);
    const second = await b.save();
    expect(second.body.error).toEqual({ msg: 'Промокод уже использован.', code: 'sale.order/PROMOCODE_USED' });
    const list = (await (await merch.get(`${STAFF_API.promocodes}?state=exhausted`)).json()) as {
      data: { items: Promo[] };
    };
    expect(list.data.items.find((p) => p.code === code)).toMatchObject({ uses: 1, usesLimit: 1, state: 'exhausted' });
  });

  it('edits everything but the code, audited with what changed', async () => {
    const code = unique('EDIT');
    await promoOf(await create({ code, kind: 'percent', value: 10 }));
    const [section] = await k.rows<{ id: number }>(sql`select id from sections order by id limit 1`);
    const edited = await promoOf(
      await merch.call(codePath(STAFF_API.promocode, code), {
        kind: 'percent',
        value: 15,
        startsAt: '2026-01-01T00:00:00+03:00',
        endsAt: '2036-01-01T00:00:00+03:00',
        sectionIds: [section?.id],
        perCustomerLimit: 2,
      }),
    );
    expect(edited).toMatchObject({ code, value: 15, sectionIds: [section?.id], state: 'active' });
    const [, update] = await audits(code);
    expect(update?.action).toBe('promo.update');
    expect(update?.changes).toMatchObject({
      percent: { before: 10, after: 15 },
      perCustomer: { before: null, after: 2 },
      sectionIds: { before: null, after: [section?.id] },
    });
    expect(update?.changes.amount).toBeUndefined();
  });

  it('refuses bad input with 400 in Russian, a duplicate with 409, and changes nothing', async () => {
    const code = unique('DUBL');
    await promoOf(await create({ code, kind: 'percent', value: 10 }));
    const cases: [Record<string, unknown>, string][] = [
      [
        { code: 'AB', kind: 'percent', value: 10 },
        'Промокод — от 3 до 32 символов: латинские буквы, цифры, «_» и «-».',
      ],
      [
        { code: 'ЗИМА', kind: 'percent', value: 10 },
        'Промокод — от 3 до 32 символов: латинские буквы, цифры, «_» и «-».',
      ],
      [{ code: unique('BAD'), kind: 'percent', value: 95 }, 'Скидка в процентах — целое число от 1 до 90.'],
      [{ code: unique('BAD'), kind: 'amount', value: 0 }, 'Скидка в рублях должна быть больше нуля.'],
      [{ code: unique('BAD'), kind: 'gift', value: 1 }, 'Выберите вид скидки: процент или сумма.'],
      [
        { code: unique('BAD'), kind: 'amount', value: 100, minTotal: -1 },
        'Минимальная сумма заказа — число от 0 рублей.',
      ],
      [
        {
          code: unique('BAD'),
          kind: 'percent',
          value: 5,
          startsAt: '2026-12-01T00:00:00Z',
          endsAt: '2026-11-01T00:00:00Z',
        },
        'Дата окончания должна быть позже даты начала.',
      ],
      [
        { code: unique('BAD'), kind: 'percent', value: 5, usesLimit: 0 },
        'Лимит использований — целое число больше нуля или пусто.',
      ],
      [
        { code: unique('BAD'), kind: 'percent', value: 5, perCustomerLimit: 1.5 },
        'Лимит на покупателя — целое число больше нуля или пусто.',
      ],
      [{ code: unique('BAD'), kind: 'percent', value: 5, sectionIds: ['x'] }, 'Разделы — номера из списка.'],
      [
        { code: unique('BAD'), kind: 'percent', value: 5, startsAt: 'завтра' },
        'Дата начала — дата и время в виде ГГГГ-ММ-ДДTЧЧ:ММ.',
      ],
    ];
    const before = await k.rows(sql`select count(*)::int as n from promo_codes`);
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res))?.message).toBe(message);
    }
    const twice = await create({ code: code.toLowerCase(), kind: 'amount', value: 100 });
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toMatchObject({ code: 'PROMO_EXISTS', message: `Промокод ${code} уже есть.` });
    expect(await k.rows(sql`select count(*)::int as n from promo_codes`)).toEqual(before);
    expect(await stored(code)).toEqual([{ percent: 10, amount: null, min_basket: 0, stopped_at: null, uses: 0 }]);
    expect((await merch.get(codePath(STAFF_API.promocode, 'NET-TAKOGO'))).status).toBe(404);
    // A path the router cannot decode is no code either: 404, not a failure of the shop.
    for (const path of [STAFF_API.promocode, STAFF_API.promocodeBatches])
      expect((await merch.get(codePath(path, '%25'))).status).toBe(404);
    const broken = await merch.call(codePath(STAFF_API.promocodeStop, '%E0%A4%A'));
    expect(broken.status).toBe(400);
    expect(await errorOf(broken)).toMatchObject({ code: 'BAD_CHARACTERS' });
  });

  it('refuses the content role with 403 on the API and on the page forms, with nothing changed', async () => {
    const code = unique('ROLE');
    await promoOf(await create({ code, kind: 'percent', value: 10 }));
    const other = unique('ROLE');
    for (const res of [
      await content.get(STAFF_API.promocodes),
      await content.call(STAFF_API.promocodes, { code: other, kind: 'percent', value: 10 }),
      await content.call(STAFF_API.promocodes, { code: 'плохой' }),
      await content.get(codePath(STAFF_API.promocode, code)),
      await content.call(codePath(STAFF_API.promocode, code), { kind: 'percent', value: 50 }),
      await content.call(codePath(STAFF_API.promocodeStop, code)),
      await content.get('/admin/promocodes/'),
      await content.form('/admin/promocodes/', { code: other, kind: 'percent', value: '10' }),
      await content.form(`/admin/promocodes/${code}/`, { intent: 'save', kind: 'percent', value: '50' }),
      await content.form(`/admin/promocodes/${code}/`, { intent: 'stop', confirm: 'yes' }),
    ])
      expect(res.status).toBe(403);
    expect(await stored(code)).toEqual([{ percent: 10, amount: null, min_basket: 0, stopped_at: null, uses: 0 }]);
    expect(await stored(other)).toEqual([]);
    expect((await audits(code)).map((e) => e.action)).toEqual(['promo.create']);
    // The nav shows the section to a role that may, not to one that may not.
    expect(await (await merch.get('/admin/')).text()).toContain('href="/admin/promocodes/"');
    expect(await (await content.get('/admin/')).text()).not.toContain('href="/admin/promocodes/"');
  });

  it('creates, edits and stops through the page forms (without JavaScript)', async () => {
    const code = unique('FORM');
    const created = await merch.form('/admin/promocodes/', {
      code: code.toLowerCase(),
      kind: 'amount',
      value: '300',
      minTotal: '2 000',
      startsAt: '2026-01-01T10:00',
      endsAt: '2036-01-01T10:00',
      usesLimit: '',
      perCustomerLimit: '1',
    });
    expect(created.status).toBe(302);
    expect(created.headers.get('location')).toBe(`/admin/promocodes/${code}/?created=1`);
    const page = await (await merch.get(`/admin/promocodes/${code}/`)).text();
    expect(page).toContain('−300 ₽ от 2 000 ₽');
    expect(page).toContain('Действует');
    const [row] = await k.rows<{ starts_at: Date | string }>(
      sql`select starts_at from promo_codes where code = ${code}`,
    );
    expect(new Date(row?.starts_at as string).toISOString()).toBe('2026-01-01T07:00:00.000Z');

    const bad = await merch.form('/admin/promocodes/', { code: unique('FORM'), kind: 'percent', value: '0' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Скидка в процентах — целое число от 1 до 90.');

    const noConfirm = await merch.form(`/admin/promocodes/${code}/`, { intent: 'stop' });
    expect(noConfirm.status).toBe(400);
    expect((await stored(code))[0]?.stopped_at).toBeNull();
    const edit = await merch.form(`/admin/promocodes/${code}/`, { intent: 'save', kind: 'percent', value: '20' });
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain('Изменения сохранены.');
    const stop = await merch.form(`/admin/promocodes/${code}/`, { intent: 'stop', confirm: 'yes' });
    expect(stop.status).toBe(200);
    expect(await stored(code)).toEqual([
      { percent: 20, amount: null, min_basket: 0, stopped_at: expect.anything(), uses: 0 },
    ]);
    expect((await audits(code)).map((e) => e.action)).toEqual(['promo.create', 'promo.update', 'promo.stop']);
    const list = await (await merch.get('/admin/promocodes/?state=stopped')).text();
    expect(list).toContain(code);
    expect(list).toContain('Остановлен');
  });
});
