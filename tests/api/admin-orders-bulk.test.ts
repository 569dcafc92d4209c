import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import type { BulkMoveResult } from '../../domain/order/bulk';
import type { OrderView } from '../../domain/order/order-views';
import { orderNumber } from '../../domain/order/process';
import { type Member, type StaffSubjects, staffSubjects, subjectsApp } from '../support/staff-subjects';
import { SHOP_ORIGIN, type TestApp } from '../support/test-app';

/** The orders desk's bulk move, print, CSV of chosen orders and saved views (issue 47.7), as a caller sees them. */
let app: TestApp;
let s: StaffSubjects;
let manager: Member;
let shopStaff: Member;
let shopMate: Member;
let otherShopStaff: Member;

beforeAll(async () => {
  app = await subjectsApp();
  s = await staffSubjects(app);
  manager = await s.member('manager');
  shopStaff = await s.member('shop');
  shopMate = await s.member('shop');
  otherShopStaff = await s.member('shop', s.otherShop);
}, 300_000);
afterAll(() => app.close());

const statusOf = async (id: number) =>
  (await s.rows<{ status: string }>(sql`select status from orders where id = ${id}`))[0]?.status;
const movesAudited = (ids: number[]) =>
  s.rows<{ entity_id: string; staff_email: string }>(
    sql`select entity_id, staff_email from audit_log where action = 'order.move'
      and entity_id in ${ids.map(String)} order by id`,
  );
/** The envelope of a call: its data, or its refusals. */
interface Reply {
  data: { result: BulkMoveResult };
  errors: { message: string; code: string }[];
}
const bulkMove = async (who: Member, body: Record<string, unknown>) => {
  const res = await who.browser.call(STAFF_API.ordersBulkMove, body);
  return { status: res.status, body: (await res.json()) as Reply };
};

describe('bulk move', () => {
  it('moves each order through the single move, each audited, and lists the refusal with its Russian reason', async () => {
    const a = (await s.shopOrder(s.homeShop)).id;
    const b = (await s.shopOrder(s.otherShop)).id;
    const c = (await s.shopOrder(s.homeShop, ['confirmed'])).id;
    const before = await movesAudited([a, b, c]);
    const { status, body } = await bulkMove(manager, { ids: [a, b, c, a], to: 'confirmed' });
    expect(status).toBe(200);
    const result = body.data.result;
    expect(result.moved.map((m: { id: number }) => m.id)).toEqual([a, b]);
    expect(result.moved[0]).toMatchObject({ number: orderNumber(a), from: 'new', status: 'confirmed' });
    expect(result.refused).toEqual([
      { id: c, number: orderNumber(c), reason: expect.stringMatching(/[а-яё]/i), code: 'ORDER_TRANSITION' },
    ]);
    expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const after = (await movesAudited([a, b, c])).slice(before.length);
    expect(after).toEqual([
      { entity_id: String(a), staff_email: manager.email },
      { entity_id: String(b), staff_email: manager.email },
    ]);
  });

  it('a shop’s staff move only their shop’s orders: another shop’s is «not found» and stays as it was', async () => {
    const own = (await s.shopOrder(s.homeShop)).id;
    const foreign = (await s.shopOrder(s.otherShop)).id;
    const { status, body } = await bulkMove(shopStaff, { ids: [foreign, own], to: 'confirmed' });
    expect(status).toBe(200);
    expect(body.data.result.moved.map((m: { id: number }) => m.id)).toEqual([own]);
    expect(body.data.result.refused).toEqual([
      { id: foreign, number: orderNumber(foreign), reason: 'Заказ не найден.', code: 'ORDER_NOT_FOUND' },
    ]);
    expect(await statusOf(foreign)).toBe('new');
    expect(await movesAudited([foreign])).toEqual([]);
  });

  it('refuses what every order would refuse before any moves, and a role without moves', async () => {
    const id = (await s.shopOrder(s.homeShop)).id;
    const cancel = await bulkMove(manager, { ids: [id], to: 'cancelled' });
    expect(cancel.status).toBe(400);
    expect(cancel.body.errors[0]?.message).toBe('Укажите причину.');
    const shipped = await bulkMove(manager, { ids: [id], to: 'shipped' });
    expect(shipped.status).toBe(400);
    expect(shipped.body.errors[0]?.message).toMatch(/трек-номер/);
    const many = await bulkMove(manager, { ids: Array.from({ length: 201 }, (_, i) => i + 1), to: 'confirmed' });
    expect(many.status).toBe(400);
    expect(many.body.errors[0]?.message).toBe('За один раз — не больше 200 заказов.');
    expect((await bulkMove(manager, { ids: [], to: 'confirmed' })).body.errors[0]?.message).toBe('Выберите заказы.');
    const content = await s.member('content');
    expect((await bulkMove(content, { ids: [id], to: 'confirmed' })).status).toBe(403);
    expect(await statusOf(id)).toBe('new');
    // With a reason, the cancel goes through.
    const done = await bulkMove(manager, { ids: [id], to: 'cancelled', reason: 'Дубль' });
    expect(done.body.data.result.moved).toHaveLength(1);
    expect(await statusOf(id)).toBe('cancelled');
  });

  it('the list page’s form moves the chosen orders and answers the refusals', async () => {
    const a = (await s.shopOrder(s.homeShop)).id;
    const b = (await s.shopOrder(s.homeShop, ['confirmed', 'assembling'])).id;
    const body = new URLSearchParams({ intent: 'move', to: 'confirmed', reason: '' });
    body.append('ids', String(a));
    body.append('ids', String(b));
    const res = await app.fetch('/admin/orders/', {
      method: 'POST',
      headers: {
        cookie: shopStaff.browser.cookie,
        origin: SHOP_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Переведено в «');
    expect(html).toContain(`№ ${orderNumber(b)}`);
    expect(await statusOf(a)).toBe('confirmed');
    expect(await statusOf(b)).toBe('assembling');
  });
});

describe('print and CSV of the chosen orders', () => {
  it('prints every packing list and label in one document, another shop’s order left out', async () => {
    const own = (await s.shopOrder(s.homeShop)).id;
    const own2 = (await s.shopOrder(s.homeShop)).id;
    const foreign = (await s.shopOrder(s.otherShop)).id;
    const res = await shopStaff.browser.get(`/admin/orders/print/?ids=${own},${foreign}&ids=${own2}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Упаковочный лист — заказ № ${orderNumber(own)}`);
    expect(html).toContain(`Упаковочный лист — заказ № ${orderNumber(own2)}`);
    expect(html).toContain(`Наклейка заказа № ${orderNumber(own)}`);
    expect(html).not.toContain(`заказ № ${orderNumber(foreign)}`);
    expect(html).toContain(`Не найдены или не вашего магазина: № ${orderNumber(foreign)}.`);
    expect((await shopStaff.browser.get('/admin/orders/print/?ids=')).status).toBe(400);
  });

  it('streams the chosen orders as CSV, a shop’s staff only their shop’s', async () => {
    const own = (await s.shopOrder(s.homeShop)).id;
    const foreign = (await s.shopOrder(s.otherShop)).id;
    const all = await manager.browser.get(`${STAFF_API.ordersBulkCsv}?ids=${own}&ids=${foreign}`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await all.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.startsWith('Номер;')).toBe(true);
    expect(text.trim().split('\r\n')).toHaveLength(3);
    expect(text).toContain(orderNumber(own));
    expect(text).toContain(orderNumber(foreign));
    const mine = await (await shopStaff.browser.get(`${STAFF_API.ordersBulkCsv}?ids=${own},${foreign}`)).text();
    expect(mine).toContain(orderNumber(own));
    expect(mine).not.toContain(orderNumber(foreign));
    const none = await manager.browser.get(`${STAFF_API.ordersBulkCsv}?ids=`);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe('Выберите заказы.');
  });
});

describe('saved views', () => {
  const list = async (who: Member) =>
    (
      (await (await who.browser.get(STAFF_API.orderViews)).json()) as {
        data: { items: OrderView[] };
      }
    ).data.items;
  const save = (who: Member, body: Record<string, unknown>) => who.browser.call(STAFF_API.orderViews, body);
  const remove = (who: Member, id: number) => who.browser.call(STAFF_API.orderViewDelete.replace(':id', String(id)));

  it('a private view is its author’s alone; a team view is the shop’s team’s, deleted by its author or a manager', async () => {
    const mine = await save(shopStaff, { name: 'Мои новые', shared: false, query: 'status=new&shopId=99&page=3' });
    expect(mine.status).toBe(200);
    const privateView = ((await mine.json()) as { data: { view: OrderView } }).data.view;
    // A shop member's list is their shop's: the shop and the page are not part of the view.
    expect(privateView).toMatchObject({ name: 'Мои новые', shared: false, query: 'status=new', canDelete: true });
    const team = await save(shopStaff, { name: 'К выдаче в ТЦ Атриум', shared: true, query: '?queue=handover' });
    expect(team.status, await team.clone().text()).toBe(200);
    const teamView = ((await team.json()) as { data: { view: OrderView } }).data.view;
    expect(teamView).toMatchObject({ shared: true, query: 'queue=handover' });

    expect((await list(shopStaff)).map((v) => v.name)).toEqual(
      expect.arrayContaining(['Мои новые', 'К выдаче в ТЦ Атриум']),
    );
    const mates = await list(shopMate);
    expect(mates.map((v) => v.name)).toContain('К выдаче в ТЦ Атриум');
    expect(mates.map((v) => v.name)).not.toContain('Мои новые');
    expect(mates.find((v) => v.id === teamView.id)?.canDelete).toBe(false);
    expect((await list(otherShopStaff)).map((v) => v.id)).not.toContain(teamView.id);
    expect((await list(manager)).find((v) => v.id === teamView.id)?.canDelete).toBe(true);

    expect((await remove(shopMate, privateView.id)).status).toBe(404);
    expect((await remove(manager, privateView.id)).status).toBe(404);
    expect((await remove(otherShopStaff, teamView.id)).status).toBe(404);
    const mate = await remove(shopMate, teamView.id);
    expect(mate.status).toBe(403);
    expect(((await mate.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Вид команды удаляют его автор, менеджер или владелец.',
    );
    expect((await remove(manager, teamView.id)).status).toBe(200);
    expect((await remove(shopStaff, privateView.id)).status).toBe(200);
    expect((await list(shopStaff)).map((v) => v.id)).not.toContain(privateView.id);
    const audited = await s.rows<{ action: string; staff_email: string }>(
      sql`select action, staff_email from audit_log where entity = 'order-view'
        and entity_id in (${String(teamView.id)}, ${String(privateView.id)}) order by id`,
    );
    expect(audited).toEqual([
      { action: 'order-view.save', staff_email: shopStaff.email },
      { action: 'order-view.save', staff_email: shopStaff.email },
      { action: 'order-view.delete', staff_email: manager.email },
      { action: 'order-view.delete', staff_email: shopStaff.email },
    ]);
  });

  it('saving the same name again changes that view; a bad filter or name is refused in Russian', async () => {
    const first = await save(manager, { name: 'Курьер', shared: true, query: 'deliveryType=COURIER' });
    const id = ((await first.json()) as { data: { view: { id: number } } }).data.view.id;
    const again = await save(manager, { name: 'курьер', shared: true, query: 'deliveryType=COURIER&sort=old' });
    expect(((await again.json()) as { data: { view: OrderView } }).data.view).toMatchObject({
      id,
      query: 'deliveryType=COURIER&sort=old',
    });
    const bad = await save(manager, { name: 'Плохой', query: 'status=lost' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Нет такого статуса заказа.',
    );
    const noName = await save(manager, { name: ' ', query: '' });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe('Назовите вид.');
  });

  it('shows the views as links above the list, the current one marked', async () => {
    await save(shopMate, { name: 'Собираем', shared: false, query: 'status=assembling' });
    const html = await (await shopMate.browser.get('/admin/orders/?status=assembling')).text();
    const views = html.slice(html.indexOf('aria-label="Сохранённые виды"'));
    expect(views.slice(0, 600)).toMatch(/<a[^>]*aria-current="page"[^>]*>Собираем/);
    expect(views.slice(0, 600)).toContain('href="/admin/orders/?status=assembling"');
  });
});
