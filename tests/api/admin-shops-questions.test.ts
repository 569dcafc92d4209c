import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import type { AdminQuestion } from '../../domain/feedback/questions-admin';
import type { ShopAvailability } from '../../domain/catalog/product/product';
import type { ReserveData } from '../../domain/stores/shops.service';
import type { AdminShop, AdminShopRow } from '../../domain/stores/shops-admin';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { pageWhen } from '../support/page-when';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
let content: Awaited<ReturnType<typeof staffBrowser>>;
let merch: Awaited<ReturnType<typeof staffBrowser>>;
/** How far the app's clock is ahead of the real one: the feedback form wants a few seconds of filling. */
let ahead = 0;
let token = '';
/** A shop of type `shop` that holds an offer, and that offer with its product. */
let shop: AdminShopRow;
let held: { offerId: number; productId: number };

const path = (template: string, id: number) => template.replace(':id', String(id));
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: { code: string; message: string }[] }).errors[0];

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ FEEDBACK_EMAIL: 'help@shop.test' }, { clock: () => new Date(Date.now() + ahead) });
  k = await checkoutKit(app);
  await addStaff(app, { email: 'sq-content@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'sq-merch@vyuga.test', role: 'merchandiser' });
  content = await loggedIn('sq-content@vyuga.test');
  merch = await loggedIn('sq-merch@vyuga.test');
  const list = (await (await content.get(STAFF_API.shops)).json()).data.items as AdminShopRow[];
  shop = list.find((s) => s.type === 'shop') as AdminShopRow;
  const [row] = await k.rows<{ offer_id: number; product_id: number }>(sql`
    select s.offer_id, o.product_id from stock s join offers o on o.id = s.offer_id
    where s.store_id = ${shop.id} and s.quantity > 0 order by s.offer_id limit 1`);
  if (row) held = { offerId: Number(row.offer_id), productId: Number(row.product_id) };
  else {
    const [any] = await k.rows<{ id: number; product_id: number }>(sql`select id, product_id from offers limit 1`);
    held = { offerId: Number(any?.id), productId: Number(any?.product_id) };
    await app.database.db.execute(
      sql`insert into stock (offer_id, store_id, quantity) values (${held.offerId}, ${shop.id}, 3)`,
    );
  }
  token = (await (await app.fetch('/contacts/')).text()).match(/name="startToken" value="([^"]+)"/)?.[1] ?? '';
  ahead += 5_000;
});
afterAll(() => app.close());

const WEEK = {
  mon: ['09:15', '21:45'],
  tue: ['09:15', '21:45'],
  wed: ['09:15', '21:45'],
  thu: ['09:15', '21:45'],
  fri: ['09:15', '21:45'],
  sat: ['11:00', '19:00'],
  sun: null,
};
const storeRow = async (id: number) =>
  (
    await k.rows<{ hours: string; week_hours: unknown; reservable: boolean; holidays: unknown }>(
      sql`select hours, week_hours, reservable, holidays from stores where id = ${id}`,
    )
  )[0];
const audits = async (action: string, entityId: number) =>
  k.rows<{ staff_email: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select staff_email, changes from audit_log where action = ${action} and entity_id = ${String(entityId)} order by id`,
  );
const availability = async () =>
  (await (await app.fetch(`${API.productAvailable}?id=${held.productId}`)).json()).data as ShopAvailability;
const reservableShops = async () => {
  const v = await newVisitor(app);
  return ((await (await v.post(API.reserveData, { offerId: held.offerId })).json()).data as ReserveData).shops.map(
    (s) => s.id,
  );
};

describe('the shops’ data', () => {
  it('changes hours, a holiday, services and reservation in one write with its audit; the site shows it at once', async () => {
    const card = (await (await content.get(path(STAFF_API.shop, shop.id))).json()).data.shop as AdminShop;
    const pageUrl = card.url as string;
    // The pages are warm in the cache before the change.
    expect(await (await app.fetch(pageUrl)).text()).not.toContain('09:15–21:45');
    const before = (await availability()).cities.flatMap((c) => c.shops).find((s) => s.id === shop.id);
    expect(before?.hours).toBe(card.hours);
    await content.call(path(STAFF_API.shop, shop.id), { reservable: true });
    expect(await reservableShops()).toContain(shop.id);

    const res = await content.call(path(STAFF_API.shop, shop.id), {
      weekHours: WEEK,
      holidays: [{ date: '2026-12-31', hours: null, note: 'Новый год' }],
      services: ['card', 'fitting'],
      reservable: false,
      metro: 'Тестовская',
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()).data.shop as AdminShop;
    expect(updated).toMatchObject({
      hours: 'пн–пт 09:15–21:45, сб 11:00–19:00, вс выходной',
      holidays: [{ date: '2026-12-31', hours: null, note: 'Новый год' }],
      services: ['fitting', 'card'],
      reservable: false,
      metro: 'Тестовская',
      name: card.name,
    });

    const page = await pageWhen(app, pageUrl, (html) => html.includes('09:15–21:45'));
    expect(page).toContain('09:15–21:45');
    expect(page).toContain('(Новый год)');
    expect(page).toContain('Тестовская');
    const after = (await availability()).cities.flatMap((c) => c.shops).find((s) => s.id === shop.id);
    expect(after?.hours).toBe('пн–пт 09:15–21:45, сб 11:00–19:00, вс выходной');
    expect(await reservableShops()).not.toContain(shop.id);

    const entries = await audits('shop.update', shop.id);
    const last = entries.at(-1);
    expect(last?.staff_email).toBe('sq-content@vyuga.test');
    expect(last?.changes.hours).toEqual({ before: card.hours, after: updated.hours });
    expect(last?.changes.reservable).toEqual({ before: true, after: false });
    expect(last?.changes.weekHours?.after).toEqual(WEEK);
    expect(Object.keys(last?.changes ?? {}).sort()).toEqual(
      ['holidays', 'hours', 'metro', 'reservable', 'services', 'weekHours'].sort(),
    );
  });

  it('refuses bad hours, dates and a warehouse’s reservation with a Russian 400, nothing changed', async () => {
    const was = await storeRow(shop.id);
    const cases: [Record<string, unknown>, string][] = [
      [
        { weekHours: { ...WEEK, mon: ['22:00', '10:00'] } },
        'Понедельник: закрытие должно быть позже открытия (после полуночи — не позже 06:00).',
      ],
      [{ weekHours: { ...WEEK, tue: ['25:00', '26:00'] } }, 'Вторник: время открытия — в виде ЧЧ:ММ.'],
      [{ weekHours: { ...WEEK, wed: ['9:00', '18:00'] } }, 'Среда: время открытия — в виде ЧЧ:ММ.'],
      [{ weekHours: { mon: null } }, 'Вторник: часы — пара [«с», «до»] в виде ЧЧ:ММ или null, если закрыто.'],
      [{ holidays: [{ date: '2026-02-30', hours: null }] }, 'Нет такой даты.'],
      [
        {
          holidays: [
            { date: '2026-12-31', hours: null },
            { date: '2026-12-31', hours: ['10:00', '12:00'] },
          ],
        },
        'Каждая дата — в особых днях один раз.',
      ],
      [{ services: ['sauna'] }, 'Нет такой услуги магазина.'],
      [{ phone: 'позвоните' }, 'Телефон — цифры, пробелы, скобки и дефисы, например +7 (495) 120-45-67.'],
      [{ name: '' }, 'Укажите название магазина.'],
    ];
    for (const [body, message] of cases) {
      const res = await content.call(path(STAFF_API.shop, shop.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res))?.message).toBe(message);
    }
    expect(await storeRow(shop.id)).toEqual(was);

    const list = (await (await content.get(STAFF_API.shops)).json()).data.items as AdminShopRow[];
    const warehouse = list.find((s) => s.type !== 'shop') as AdminShopRow;
    const refused = await content.call(path(STAFF_API.shop, warehouse.id), { reservable: true });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused))?.message).toBe('Бронировать размер можно только в магазине, не на складе.');
    expect((await content.call(path(STAFF_API.shop, 99_999), { name: 'X' })).status).toBe(404);
    expect((await content.get(path(STAFF_API.shop, 99_999))).status).toBe(404);
  });

  it('saves the page form without JavaScript, and shows a refusal with what was sent', async () => {
    const fields: Record<string, string> = {
      name: 'Атриум тест',
      address: 'Земляной Вал, 33',
      phone: '+7 (495) 120-45-67',
      metro: '',
      'mon.from': '10:00',
      'mon.to': '22:00',
      'tue.from': '10:00',
      'tue.to': '22:00',
      'wed.from': '10:00',
      'wed.to': '22:00',
      'thu.from': '10:00',
      'thu.to': '22:00',
      'fri.from': '10:00',
      'fri.to': '23:30',
      'sat.from': '10:00',
      'sat.to': '01:00',
      'sun.closed': 'on',
      'h0.date': '2027-01-01',
      'h0.closed': 'on',
      'h0.note': 'Праздник',
      'h1.date': '2027-01-02',
      'h1.from': '12:00',
      'h1.to': '18:00',
      'h2.date': '',
      services: 'tailoring',
      reservableShown: '1',
      reservable: 'on',
    };
    const bad = await content.form(`/admin/shops/${shop.id}/`, { ...fields, 'thu.to': '08:00' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Четверг: закрытие должно быть позже открытия (после полуночи — не позже 06:00).');
    expect(html).toContain('value="Атриум тест"');
    expect((await storeRow(shop.id))?.hours).toBe('пн–пт 09:15–21:45, сб 11:00–19:00, вс выходной');

    const ok = await content.form(`/admin/shops/${shop.id}/`, fields);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Сохранено');
    expect(await storeRow(shop.id)).toMatchObject({
      hours: 'пн–чт 10:00–22:00, пт 10:00–23:30, сб 10:00–01:00, вс выходной',
      reservable: true,
      holidays: [
        { date: '2027-01-01', hours: null, note: 'Праздник' },
        { date: '2027-01-02', hours: ['12:00', '18:00'] },
      ],
    });
    const page = await (await content.get(`/admin/shops/${shop.id}/`)).text();
    expect(page).toContain(`href="/admin/shops/${shop.id}/photos/"`);
    expect(page).toContain('Изменить фото');
    expect(await (await content.get('/admin/shops/')).text()).toContain('Атриум тест');
  });
});

describe('the questions inbox', () => {
  const ask = async (v: { post: (p: string, f: Record<string, string>) => Promise<Response> }, over = {}) => {
    const res = await v.post(API.feedbackAdd, {
      name: 'Вера',
      email: '',
      phone: '',
      topic: 'size',
      orderNumber: '',
      message: 'Какой размер выбрать при росте 168 см?',
      agree: 'Y',
      startToken: token,
      ...over,
    });
    expect(res.status).toBe(200);
    return ((await res.json()).data as { id: number }).id;
  };

  it('answers a shopper’s question: stored with who and when, a letter, the cabinet shows it; twice is 409', async () => {
    const offer = { id: 1, price: 1, online: 1, shop: 0, restricted: false };
    const { me } = await k.member(offer);
    const email = `vera.${Date.now()}@example.ru`;
    const id = await ask(me, { email, message: 'Привезут ли парку 48 размера в Атриум?' });

    const inbox = (await (await content.get(`${STAFF_API.questions}?state=new&topic=size`)).json()).data as {
      items: AdminQuestion[];
      unanswered: number;
    };
    expect(inbox.items.map((q) => q.id)).toContain(id);
    expect(inbox.unanswered).toBeGreaterThan(0);
    // The navigation tells whoever answers how many wait.
    expect(await (await content.get('/admin/')).text()).toContain(`Вопросы (${inbox.unanswered})`);

    const res = await content.call(path(STAFF_API.questionAnswer, id), { text: 'Да, в пятницу.\nЖдём вас!' });
    expect(res.status).toBe(200);
    const question = (await res.json()).data.question as AdminQuestion;
    expect(question).toMatchObject({
      id,
      answer: 'Да, в пятницу.\nЖдём вас!',
      answeredBy: { email: 'sq-content@vyuga.test' },
    });
    expect(question.answeredAt).not.toBeNull();

    await app.outbox.deliver();
    const letter = await readOutbox(app, { to: email, channel: 'email' });
    expect(letter?.subject).toBe(`Ответ на ваш вопрос № ${id} — ВЬЮГА`);
    expect(letter?.text).toContain('Да, в пятницу.');
    expect(await (await me.get('/lk/questions/')).text()).toContain('Ответ магазина: Да, в пятницу.');

    const twice = await content.call(path(STAFF_API.questionAnswer, id), { text: 'Другой ответ' });
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toMatchObject({ code: 'QUESTION_ANSWERED' });
    expect((await k.rows(sql`select answer from questions where id = ${id}`))[0]).toEqual({
      answer: 'Да, в пятницу.\nЖдём вас!',
    });
    const replaced = await content.call(path(STAFF_API.questionAnswer, id), {
      text: 'Привезём в четверг.',
      replace: true,
    });
    expect(replaced.status).toBe(200);
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: email, channel: 'email' }))?.text).toContain('Привезём в четверг.');

    const entries = await audits('question.answer', id);
    expect(entries.map((e) => e.changes.answer)).toEqual([
      { before: null, after: 'Да, в пятницу.\nЖдём вас!' },
      { before: 'Да, в пятницу.\nЖдём вас!', after: 'Привезём в четверг.' },
    ]);
    const answered = (await (await content.get(`${STAFF_API.questions}?state=answered&q=${id}`)).json()).data;
    expect(answered.items.map((q: AdminQuestion) => q.id)).toEqual([id]);
  });

  it('lists unanswered first, newest first; refuses a bad filter and a bad answer in Russian', async () => {
    const v = await newVisitor(app);
    const older = await ask(v, {
      phone: '+79990001122',
      message: 'Первый вопрос про доставку в Казань.',
      topic: 'delivery',
    });
    const newer = await ask(v, {
      phone: '+79990001122',
      message: 'Второй вопрос про доставку в Казань.',
      topic: 'delivery',
    });
    const items = (await (await content.get(`${STAFF_API.questions}?topic=delivery`)).json()).data
      .items as AdminQuestion[];
    const ids = items.map((q) => q.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const firstAnswered = items.findIndex((q) => q.answer !== null);
    if (firstAnswered >= 0) expect(items.slice(firstAnswered).every((q) => q.answer !== null)).toBe(true);

    const badState = await content.get(`${STAFF_API.questions}?state=maybe`);
    expect(badState.status).toBe(400);
    expect((await errorOf(badState))?.message).toBe('Состояние — new (без ответа) или answered (с ответом).');
    const long = await content.call(path(STAFF_API.questionAnswer, older), { text: 'а'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await errorOf(long))?.message).toBe('Ответ — до 5000 символов.');
    const empty = await content.call(path(STAFF_API.questionAnswer, older), { text: '  ' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty))?.message).toBe('Напишите ответ.');
    expect((await content.call(path(STAFF_API.questionAnswer, 99_999_999), { text: 'Ответ' })).status).toBe(404);

    // A guest who left a phone only: the answer is stored by the page form, no letter is sent.
    const page = await content.form(`/admin/questions/${older}/`, { text: 'Позвоним вам сегодня.' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Почты покупатель не оставил');
    expect((await k.rows(sql`select answer from questions where id = ${older}`))[0]).toEqual({
      answer: 'Позвоним вам сегодня.',
    });
    expect(
      await k.rows(
        sql`select 1 from outbox where kind = 'question-answer' and recipient in ('79990001122', '+79990001122')`,
      ),
    ).toEqual([]);
    const again = await content.form(`/admin/questions/${older}/`, { text: 'Ещё раз.' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('На вопрос уже ответили');
    const card = await (await content.get(`/admin/questions/${older}/`)).text();
    expect(card).toContain('Позвоним вам сегодня.');
    expect(card).toContain('+79990001122');
  });
});

describe('a role without content.edit', () => {
  it('gets 403 on the API and the page forms, with nothing changed', async () => {
    const v = await newVisitor(app);
    const id = await ask403(v);
    const was = await storeRow(shop.id);
    for (const res of [
      await merch.get(STAFF_API.shops),
      await merch.get(path(STAFF_API.shop, shop.id)),
      await merch.call(path(STAFF_API.shop, shop.id), { reservable: false, weekHours: 'bad' }),
      await merch.get(STAFF_API.questions),
      await merch.call(path(STAFF_API.questionAnswer, id), { text: 'Нельзя' }),
      await merch.get('/admin/shops/'),
      await merch.get('/admin/questions/'),
      await merch.form(`/admin/shops/${shop.id}/`, { name: 'Чужое', 'mon.closed': 'on' }),
      await merch.form(`/admin/questions/${id}/`, { text: 'Нельзя' }),
    ])
      expect(res.status).toBe(403);
    expect(await storeRow(shop.id)).toEqual(was);
    expect((await k.rows(sql`select answer from questions where id = ${id}`))[0]).toEqual({ answer: null });
    expect(await audits('question.answer', id)).toEqual([]);
    const nav = await (await merch.get('/admin/')).text();
    expect(nav).not.toContain('href="/admin/shops/"');
    expect(await (await content.get('/admin/')).text()).toContain('href="/admin/questions/"');
  });
});

async function ask403(v: { post: (p: string, f: Record<string, string>) => Promise<Response> }) {
  const res = await v.post(API.feedbackAdd, {
    name: 'Гость',
    email: `guest.${Date.now()}@example.ru`,
    phone: '',
    topic: 'other',
    orderNumber: '',
    message: 'Вопрос, на который роль без права не ответит.',
    agree: 'Y',
    startToken: token,
  });
  return ((await res.json()).data as { id: number }).id;
}
