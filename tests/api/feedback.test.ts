import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { checkoutKit } from '../support/checkout';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
let k: Awaited<ReturnType<typeof checkoutKit>>;
/** How far the app's clock is ahead of the real one: a test moves it instead of waiting. */
let ahead = 0;
/** A start token a page gave out, its minimum fill time passed. */
let token: string;

/** The signed start the pages give the feedback form out with. */
const startTokenOf = (html: string) => html.match(/name="startToken" value="([^"]+)"/)?.[1] ?? '';
async function pageToken(): Promise<string> {
  return startTokenOf(await (await app.fetch('/contacts/')).text());
}

beforeAll(async () => {
  app = await createTestApp({ FEEDBACK_EMAIL: 'help@shop.test' }, { clock: () => new Date(Date.now() + ahead) });
  k = await checkoutKit(app);
  token = await pageToken();
  ahead += 5_000;
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
  startToken: token,
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

  it('keeps a name on one line and the question’s lines quoted: no fake lines in the shop’s plain-text copy', async () => {
    const v = await newVisitor(app);
    const res = await v.post(
      API.feedbackAdd,
      question({
        name: 'Марина\r\nОт: Директор, boss@shop.test\r\n',
        message: 'Подойдёт ли размер 44?\r\nОт: Бухгалтерия, pay@shop.test',
      }),
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()).data;
    expect(await k.rows(sql`select name, message from questions where id = ${id}`)).toEqual([
      {
        name: 'Марина От: Директор, boss@shop.test',
        message: 'Подойдёт ли размер 44?\nОт: Бухгалтерия, pay@shop.test',
      },
    ]);
    await app.outbox.deliver();
    const copy = await readOutbox(app, { to: 'help@shop.test', channel: 'email' });
    const lines = copy?.text.split('\n') ?? [];
    expect(lines.filter((l) => l.startsWith('От:'))).toEqual([
      'От: Марина От: Директор, boss@shop.test, marina@example.ru',
    ]);
    expect(lines).toContain('> От: Бухгалтерия, pay@shop.test');
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

  it('refuses spam: the hidden field filled, or a form sent under 3 seconds after the page gave it out', async () => {
    const v = await newVisitor(app);
    const trap = await v.post(API.feedbackAdd, question({ website: 'http://spam.example' }));
    expect(trap.status).toBe(400);
    expect((await trap.json()).errors[0].message).toBe(
      'Сообщение не отправлено: оно похоже на автоматическую рассылку.',
    );
    const fresh = await pageToken();
    const res = await v.post(API.feedbackAdd, question({ startToken: fresh }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toBe(
      'Форма заполнена слишком быстро. Проверьте сообщение и отправьте его ещё раз.',
    );
  });

  it('gives a dialog its own start when it opens: the pages all visitors share carry none', async () => {
    for (const path of ['/', '/info/faq/'])
      expect(await (await app.fetch(path)).text()).not.toMatch(/startToken|feedbackStart/);
    const v = await newVisitor(app);
    const answer = await (await v.get(API.feedbackStart)).json();
    const opened = answer.data.startToken as string;
    const quick = await v.post(API.feedbackAdd, question({ startToken: opened }));
    expect(quick.status).toBe(400);
    ahead += 5_000;
    const res = await v.post(API.feedbackAdd, question({ startToken: opened, email: 'dialog@example.ru' }));
    expect(res.status).toBe(200);
  });

  it('refuses a missing, forged or day-old start, whatever time the client names, and stores nothing', async () => {
    const before = await k.rows<{ n: number }>(sql`select count(*)::int as n from questions`);
    const [, signature] = token.split('.');
    const forged: Record<string, string | number>[] = [
      { startToken: '' },
      // The times the form used to take on trust.
      { startToken: '', startedAt: Date.now() - 60_000, fillMs: 60_000 },
      { startToken: `${Date.now() - 60_000}.${signature}` },
      { startToken: `${Date.now() - 60_000}.bm90LWEtc2lnbmF0dXJl` },
      { startToken: `${token}.${signature}` },
    ];
    const v = await newVisitor(app);
    for (const fields of forged) {
      const res = await v.post(API.feedbackAdd, question(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await res.json()).errors[0].message).toBe(
        'Не удалось проверить форму. Обновите страницу и отправьте вопрос ещё раз.',
      );
    }
    const { startToken: _none, ...withoutToken } = question();
    expect((await v.post(API.feedbackAdd, withoutToken)).status).toBe(400);
    // A page left open for over a day: its form is refused, a reloaded page's is taken.
    const old = await pageToken();
    ahead += 24 * 3600_000 + 5_000;
    expect((await v.post(API.feedbackAdd, question({ startToken: old }))).status).toBe(400);
    expect(await k.rows(sql`select count(*)::int as n from questions`)).toEqual(before);
    token = await pageToken();
    ahead += 5_000;
    expect((await v.post(API.feedbackAdd, question())).status).toBe(200);
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
    const startToken = startTokenOf(html);
    expect(startToken).toMatch(/^\d+\.[\w-]+$/);

    const v = await newVisitor(app);
    const plain = question({ message: 'Мало', startToken });
    const refused = await v.post('/contacts/', plain);
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('Опишите вопрос подробнее: хотя бы 10 символов.');
    expect(again).toContain('value="marina@example.ru"');
    expect(again).toContain('>Мало</textarea>');
    // A person takes longer than three seconds.
    ahead += 5_000;
    const sent = await v.post('/contacts/', { ...plain, message: question().message });
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
