import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ADMIN_API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { RELOAD_COMMAND } from '../../domain/push/commands';
import { addStaff, loggedInStaff, type staffBrowser } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'content-desk-operator-token';
let app: TestApp;
let editor: Awaited<ReturnType<typeof staffBrowser>>;
let merch: Awaited<ReturnType<typeof staffBrowser>>;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
const path = (template: string, id: number) => template.replace(':id', String(id));
const page = async (url: string) => {
  const res = await app.fetch(url);
  return { status: res.status, html: await res.text() };
};
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the API's, checked field by field below
const json = async (res: Response) =>
  (await res.json()) as { data: Record<string, any>; errors?: { message: string; code: string }[] };

const loggedIn = (email: string) => loggedInStaff(app, email);

beforeAll(async () => {
  app = await createTestApp({ ADMIN_TOKEN: TOKEN });
  await addStaff(app, { email: 'content-editor@vyuga.test', role: 'content' });
  await addStaff(app, { email: 'content-merch@vyuga.test', role: 'merchandiser' });
  editor = await loggedIn('content-editor@vyuga.test');
  merch = await loggedIn('content-merch@vyuga.test');
});
afterAll(() => app.close());

const audit = (action: string) =>
  rows<{ staff_email: string; entity_id: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    sql`select staff_email, entity_id, changes from audit_log where action = ${action} order by id`,
  );

describe('content desk API', () => {
  it('publishes a new page the shop answers at once with its facts filled and lists in the info menu; unpublishing hides it', async () => {
    const body = {
      url: '/info/podarochnaya-upakovka/',
      title: 'Подарочная упаковка',
      body: 'Курьер привезёт за **{{courier_price}}**.',
      published: true,
      menuSection: 'buyers',
      sort: 5,
    };
    const res = await editor.call(STAFF_API.contentPages, body);
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(200);
    const id = created.data.page.id as number;
    await expect.poll(async () => (await page(body.url)).status).toBe(200);
    const { html } = await page(body.url);
    expect(html).toContain('Подарочная упаковка</h1>');
    expect(html).toContain('<strong>');
    expect(html).not.toContain('{{courier_price}}');
    expect(html).toMatch(/Курьер привезёт за <strong>[^<{]+<\/strong>/);
    await expect.poll(async () => (await page('/info/dostavka-i-oplata/')).html).toContain(`href="${body.url}"`);

    const [entry] = await audit('content.page');
    expect(entry?.staff_email).toBe('content-editor@vyuga.test');
    expect(entry?.entity_id).toBe(String(id));
    expect(entry?.changes.title).toEqual({ before: null, after: 'Подарочная упаковка' });

    expect((await editor.call(path(STAFF_API.contentPage, id), { ...body, published: false })).status).toBe(200);
    await expect.poll(async () => (await page(body.url)).status).toBe(404);
    expect((await audit('content.page')).at(-1)?.changes.published).toEqual({ before: true, after: false });
  });

  it('edits an existing page: the shop shows the new text at once (its cached page dropped)', async () => {
    const [existing] = await rows<{ id: number; url: string; title: string; body: string; menu_section: string }>(
      sql`select id, url, title, body, menu_section from content_pages where url = '/info/bonusy/' or published limit 1`,
    );
    if (!existing) throw new Error('no seeded page');
    expect((await page(existing.url)).status).toBe(200);
    await page(existing.url); // cached now
    const res = await editor.call(path(STAFF_API.contentPage, existing.id), {
      url: existing.url,
      title: existing.title,
      body: `${existing.body}\n\nНовый абзац от редактора №7731.`,
      published: true,
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    await expect.poll(async () => (await page(existing.url)).html).toContain('Новый абзац от редактора №7731.');
  });

  it('refuses a bad url, a shop route, an unknown placeholder and a taken url in Russian, saving nothing', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from content_pages`))[0]?.n;
    const before = await count();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ url: 'info/bez-slesha', title: 'Т', body: 'т', published: true }, 400, /Адрес — латиница/],
      [{ url: '/catalog/moya/', title: 'Т', body: 'т', published: true }, 400, /занят разделом магазина \/catalog\//],
      [{ url: '/admin/x/', title: 'Т', body: 'т', published: true }, 400, /\/admin\//],
      [
        { url: '/info/novaya/', title: 'Т', body: 'Цена {{kurs_dollara}}', published: true },
        400,
        /Неизвестная подстановка: \{\{kurs_dollara\}\}/,
      ],
      [{ url: '/info/dostavka-i-oplata/', title: 'Т', body: 'т', published: true }, 409, /уже занят/],
    ];
    for (const [body, status, message] of cases) {
      const res = await editor.call(STAFF_API.contentPages, body);
      const answer = await json(res);
      expect(res.status, JSON.stringify(answer)).toBe(status);
      expect(answer.errors?.[0]?.message).toMatch(message);
    }
    expect(await count()).toBe(before);
    const preview = await json(
      await editor.call(STAFF_API.contentPreview, { body: 'От {{courier_free_from}} — *бесплатно*' }),
    );
    expect(preview.data.html).toMatch(/^<p>От [^{]+ — <em>бесплатно<\/em><\/p>/);
    const badPreview = await editor.call(STAFF_API.contentPreview, { body: '{{net_takogo}}' });
    expect(badPreview.status).toBe(400);
  });

  it('edits the FAQ: a new answer shows on /info/faq/ at once; a deleted question is gone; audited', async () => {
    const res = await editor.call(STAFF_API.faq, {
      topic: 'Доставка',
      question: 'Можно ли доставить в ночь №4412?',
      answer: 'Нет, курьер работает днём.',
      sort: 1,
    });
    const item = (await json(res)).data.item as { id: number };
    expect(res.status).toBe(200);
    await expect.poll(async () => (await page('/info/faq/')).html).toContain('Можно ли доставить в ночь №4412?');
    expect(
      (
        await editor.call(path(STAFF_API.faqItem, item.id), {
          topic: 'Доставка',
          question: 'Можно ли доставить в ночь №4412?',
          answer: 'Да, с 22:00 до 02:00 — ответ 5520.',
        })
      ).status,
    ).toBe(200);
    await expect.poll(async () => (await page('/info/faq/')).html).toContain('ответ 5520');
    const del = await app.fetch(path(STAFF_API.faqItem, item.id), {
      method: 'DELETE',
      headers: { cookie: editor.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ sessid: editor.sessid }),
    });
    expect(del.status, await del.clone().text()).toBe(200);
    await expect.poll(async () => (await page('/info/faq/')).html).not.toContain('ответ 5520');
    const actions = await audit('content.faq');
    expect(actions).toHaveLength(3);
    expect(actions[1]?.changes.answer?.after).toBe('Да, с 22:00 до 02:00 — ответ 5520.');
    expect(actions[2]?.changes.question).toEqual({ before: 'Можно ли доставить в ночь №4412?', after: null });
  });

  it('changes a landing page selection: the landing shows the new products, the preview counts them', async () => {
    const [landing] = await rows<{ id: number; url: string; title: string; body: string }>(
      sql`select id, url, title, body from landing_pages where url = '/promo/novinki-sezona/'`,
    );
    if (!landing) throw new Error('no seeded landing');
    const [product] = await rows<{ id: number; name: string }>(
      sql`select p.id, p.name from products p where p.active and not p.is_new
          and exists (select 1 from offers o join stock s on s.offer_id = o.id where o.product_id = p.id and s.quantity > 0)
          order by p.id limit 1`,
    );
    if (!product) throw new Error('no product');
    const res = await editor.call(path(STAFF_API.landing, landing.id), {
      url: landing.url,
      title: landing.title,
      body: landing.body,
      published: true,
      selection: { ids: [product.id] },
    });
    const answer = await json(res);
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.data.preview.count).toBeLessThanOrEqual(1);
    await expect.poll(async () => (await page(landing.url)).html).toContain(product.name.replace(/"/g, '&quot;'));
    expect((await audit('content.landing')).at(-1)?.changes.selection?.after).toEqual({ ids: [product.id] });
  });

  it('the page form previews without saving and saves a page', async () => {
    const list = await editor.get('/admin/content/?tab=pages&id=new');
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('{{courier_price}}');
    const fields = {
      url: '/info/forma-3390/',
      title: 'Форма 3390',
      body: 'Срок хранения — {{shop_keep_days}} дня.',
      published: 'on',
    };
    const preview = await editor.form('/admin/content/?tab=pages', { ...fields, intent: 'preview' });
    const html = await preview.text();
    expect(preview.status).toBe(200);
    expect(html).toContain('Предпросмотр (не сохранён)');
    expect(html).toMatch(/Срок хранения — \d+ дня\./);
    expect(await rows(sql`select id from content_pages where url = ${fields.url}`)).toHaveLength(0);
    const unknown = await editor.form('/admin/content/?tab=pages', { ...fields, body: '{{oshibka}}', intent: 'page' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Неизвестная подстановка: {{oshibka}}');
    expect((await editor.form('/admin/content/?tab=pages', { ...fields, intent: 'page' })).status).toBe(200);
    await expect.poll(async () => (await page(fields.url)).status).toBe(200);
  });

  it('answers 403 to a merchandiser, on the API and on the page form, changing nothing', async () => {
    const [before] = await rows<{ n: number; a: number }>(
      sql`select (select count(*)::int from content_pages) as n, (select count(*)::int from audit_log) as a`,
    );
    for (const [p, body] of [
      [STAFF_API.contentPages, { url: '/info/merch/', title: 'Т', body: 'т', published: true }],
      [STAFF_API.faq, { topic: 'Т', question: 'В?', answer: 'О' }],
      [STAFF_API.contentPreview, { body: 'т' }],
      [ADMIN_API.reloadPages, {}],
    ] as const) {
      const res = await merch.call(p, body);
      expect(res.status, p).toBe(403);
    }
    expect((await merch.get(STAFF_API.contentPages)).status).toBe(403);
    const form = await merch.form('/admin/content/', {
      intent: 'page',
      url: '/info/merch/',
      title: 'Т',
      body: 'т',
      published: 'on',
    });
    expect(form.status).toBe(403);
    const [after] = await rows<{ n: number; a: number }>(
      sql`select (select count(*)::int from content_pages) as n, (select count(*)::int from audit_log) as a`,
    );
    expect(after).toEqual(before);
  });

  it('sends the reload command by a staff member (audited) and by the operator token', async () => {
    const byStaff = await editor.call(ADMIN_API.reloadPages);
    expect(byStaff.status).toBe(200);
    expect((await json(byStaff)).data.command).toBe(RELOAD_COMMAND);
    expect((await audit('pages.reload')).at(-1)?.staff_email).toBe('content-editor@vyuga.test');
    const byToken = await app.fetch(ADMIN_API.reloadPages, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(byToken.status).toBe(200);
    const anonymous = await app.fetch(ADMIN_API.reloadPages, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});
