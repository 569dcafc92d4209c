import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
beforeAll(async () => {
  app = await createTestApp({ FEEDBACK_EMAIL: 'help@shop.test' });
  k = await checkoutKit(app);
});
afterAll(() => app.close());

const question = (over: Record<string, string | number> = {}) => ({
  name: 'Марина',
  email: 'marina@example.ru',
  phone: '',
  topic: 'size',
  orderNumber: '',
  message: 'Подойдёт ли пуховик размера 44 при росте 170 см?',
  agree: 'Y',
  fillMs: 12_000,
  ...over,
});

describe('POST /api/v2/feedback/add/', () => {
  it('stores the question, sends the shop a copy and the shopper a receipt, records the consent', async () => {
    const v = await newVisitor(app);
    const res = await v.post(API.feedbackAdd, question({ orderNumber: '100123' }));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.message).toBe(`Спасибо! Вопрос № ${data.id} получен. Ответим на почту в течение рабочего дня.`);
    expect(
      await k.rows(sql`select name, email, topic, order_number, message from questions where id = ${data.id}`),
    ).toEqual([
      {
        name: 'Марина',
        email: 'marina@example.ru',
        topic: 'size',
        order_number: '100123',
        message: 'Подойдёт ли пуховик размера 44 при росте 170 см?',
      },
    ]);
    expect(await k.rows(sql`select purpose from consents where subject = 'marina@example.ru'`)).toEqual([
      { purpose: 'feedback' },
    ]);
    await app.outbox.deliver();
    const copy = await readOutbox(app, { to: 'help@shop.test', channel: 'email' });
    expect(copy?.subject).toBe(`Вопрос № ${data.id}: Подбор размера — ВЬЮГА`);
    expect(copy?.text).toContain('Заказ № 100123');
    const receipt = await readOutbox(app, { to: 'marina@example.ru', channel: 'email' });
    expect(receipt?.subject).toBe(`Мы получили ваш вопрос № ${data.id} — ВЬЮГА`);
  });

  it('answers a question with a phone only by SMS', async () => {
    const v = await newVisitor(app);
    const res = await v.post(API.feedbackAdd, question({ email: '', phone: '+7 (900) 555-12-34' }));
    const { data } = await res.json();
    await app.outbox.deliver();
    expect((await readOutbox(app, { to: '79005551234', channel: 'sms' }))?.text).toBe(
      `Вопрос № ${data.id} получен, ответим в течение рабочего дня. ВЬЮГА`,
    );
  });

  it.each([
    ['no email and no phone', { email: '', phone: '' }, 'Укажите email или телефон: туда придёт ответ.'],
    ['a broken email', { email: 'не почта' }, 'Проверьте адрес электронной почты: в нём ошибка.'],
    ['a short phone', { phone: '123' }, 'Телефон — 11 цифр, например +7 900 123-45-67.'],
    ['a blank name', { name: '   ' }, 'Как к вам обращаться?'],
    ['an unknown topic', { topic: 'hack' }, 'Выберите тему вопроса.'],
    ['letters in the order number', { orderNumber: '12ab' }, 'Номер заказа — цифры из письма, например 100123.'],
    ['a message of a word', { message: 'Коротко' }, 'Опишите вопрос подробнее: хотя бы 10 символов.'],
    ['a message of 3 001 characters', { message: 'я'.repeat(3001) }, 'Вопрос — не длиннее 3000 символов.'],
    ['no consent', { agree: 'N' }, 'Нужно согласие на обработку персональных данных.'],
  ])('refuses %s with a clear message and stores nothing', async (_case, over, message) => {
    const before = await k.rows<{ n: number }>(sql`select count(*)::int as n from questions`);
    const res = await (await newVisitor(app)).post(API.feedbackAdd, question(over));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toBe(message);
    expect(await k.rows(sql`select count(*)::int as n from questions`)).toEqual(before);
  });

  it('refuses spam: the hidden field filled, or a form filled in under 3 seconds', async () => {
    const v = await newVisitor(app);
    const trap = await v.post(API.feedbackAdd, question({ website: 'http://spam.example' }));
    expect(trap.status).toBe(400);
    expect((await trap.json()).errors[0].message).toBe(
      'Сообщение не отправлено: оно похоже на автоматическую рассылку.',
    );
    const tooFast: Record<string, string | number>[] = [
      { fillMs: 800 },
      { fillMs: '' },
      { fillMs: '', startedAt: Date.now() + 60_000 },
    ];
    for (const fast of tooFast) {
      const res = await v.post(API.feedbackAdd, { ...question(), ...fast });
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0].message).toBe(
        'Форма заполнена слишком быстро. Проверьте сообщение и отправьте его ещё раз.',
      );
    }
  });

  it('takes three questions from a session in ten minutes, then answers 429 with when to try again', async () => {
    const v = await newVisitor(app);
    for (let i = 0; i < 3; i++) expect((await v.post(API.feedbackAdd, question())).status).toBe(200);
    const res = await v.post(API.feedbackAdd, question());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).errors[0].message).toMatch(/^Слишком много попыток\. Повторите через/);
  });
});

describe('the contacts page', () => {
  it('takes the form without JavaScript, and keeps what was typed when it refuses', async () => {
    const page = await app.fetch('/contacts/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1');
    expect(html).toContain('href="tel:+74951204567"');
    expect(html).toContain('mailto:help@shop.test');
    const startedAt = Number(html.match(/name="startedAt" value="(\d+)"/)?.[1]);
    expect(startedAt).toBeGreaterThan(0);

    const v = await newVisitor(app);
    const { fillMs: _measured, ...plain } = question({ message: 'Мало' });
    const refused = await v.post('/contacts/', { ...plain, startedAt });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('Опишите вопрос подробнее: хотя бы 10 символов.');
    expect(again).toContain('value="marina@example.ru"');
    expect(again).toContain('>Мало</textarea>');
    // A person takes longer than three seconds: the form rendered «earlier» passes the fill-time check.
    const sent = await v.post('/contacts/', { ...plain, message: question().message, startedAt: startedAt - 10_000 });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toMatch(/Спасибо! Вопрос № \d+ получен/);
  });
});

describe('the cabinet’s «Задать вопрос»', () => {
  it('shows a user their questions and the shop’s answers, and nobody else’s', async () => {
    const offer = { id: 1, price: 1, online: 1, shop: 0, restricted: false };
    const { me, userId } = await k.member(offer);
    const asked = await (
      await me.post(API.feedbackAdd, question({ message: 'Когда привезут размер 46 в Атриум?' }))
    ).json();
    await app.database.db.execute(
      sql`update questions set answer = 'Привезём в пятницу.', answered_at = now() where id = ${asked.data.id}`,
    );
    const page = await (await me.get('/lk/questions/')).text();
    expect(page).toContain(`Вопрос № ${asked.data.id}`);
    expect(page).toContain('Когда привезут размер 46 в Атриум?');
    expect(page).toContain('Ответ магазина: Привезём в пятницу.');
    expect(await k.rows(sql`select user_id from questions where id = ${asked.data.id}`)).toEqual([{ user_id: userId }]);
    const other = await k.member(offer);
    expect(await (await other.me.get('/lk/questions/')).text()).not.toContain('Когда привезут размер 46');
  });
});
