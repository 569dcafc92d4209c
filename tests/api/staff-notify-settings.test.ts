import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../config/settings';
import { retentionRepository } from '../../db/repositories/retention';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { checkoutKit } from '../support/checkout';
import { addStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.1: the staff notifications' thresholds are settings (STAFF_NOTIFY_*), and the hourly prune removes old
 * notifications (STAFF_NOTIFICATIONS_READ_DAYS, STAFF_NOTIFICATIONS_KEEP_DAYS).
 */

const settingsError = (env: Record<string, string>) => {
  try {
    readSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error('the settings were taken');
};

describe('notification settings', () => {
  it('default to the rules the shop had, read whole numbers, and stop the start on a bad one', () => {
    expect(readSettings({})).toMatchObject({
      STAFF_NOTIFY_FLOOD_MAX: 5,
      STAFF_NOTIFY_FLOOD_MINUTES: 5,
      STAFF_NOTIFY_LOW_STOCK: 2,
      STAFF_NOTIFICATIONS_READ_DAYS: 90,
      STAFF_NOTIFICATIONS_KEEP_DAYS: 365,
    });
    expect(
      readSettings({
        STAFF_NOTIFY_FLOOD_MAX: '10',
        STAFF_NOTIFY_FLOOD_MINUTES: '15',
        STAFF_NOTIFY_LOW_STOCK: '0',
        STAFF_NOTIFY_OVERDUE_MINUTES: '30',
        STAFF_NOTIFICATIONS_READ_DAYS: '30',
        STAFF_NOTIFICATIONS_KEEP_DAYS: '30',
      }),
    ).toMatchObject({
      STAFF_NOTIFY_FLOOD_MAX: 10,
      STAFF_NOTIFY_FLOOD_MINUTES: 15,
      STAFF_NOTIFY_LOW_STOCK: 0,
      STAFF_NOTIFY_OVERDUE_MINUTES: 30,
      STAFF_NOTIFICATIONS_READ_DAYS: 30,
      STAFF_NOTIFICATIONS_KEEP_DAYS: 30,
    });
    expect(readSettings({}).STAFF_NOTIFY_OVERDUE_MINUTES).toBeUndefined();
    expect(readSettings({ STAFF_NOTIFY_OVERDUE_MINUTES: '' }).STAFF_NOTIFY_OVERDUE_MINUTES).toBeUndefined();
    for (const [name, value] of [
      ['STAFF_NOTIFY_FLOOD_MAX', '0'],
      ['STAFF_NOTIFY_FLOOD_MAX', 'пять'],
      ['STAFF_NOTIFY_FLOOD_MINUTES', '2.5'],
      ['STAFF_NOTIFY_LOW_STOCK', '-1'],
      ['STAFF_NOTIFY_OVERDUE_MINUTES', '0'],
      ['STAFF_NOTIFICATIONS_READ_DAYS', 'x'],
      ['STAFF_NOTIFICATIONS_KEEP_DAYS', '4000'],
    ] as const) {
      const message = settingsError({ [name]: value });
      expect(message, `${name}=${value}`).toMatch(
        new RegExp(`^Неверные настройки окружения:\\n  ${name}: ожидается целое число`),
      );
    }
    expect(settingsError({ STAFF_NOTIFICATIONS_READ_DAYS: '400' })).toContain(
      'STAFF_NOTIFICATIONS_READ_DAYS: не больше STAFF_NOTIFICATIONS_KEEP_DAYS',
    );
  });
});

describe('notification thresholds and retention in a running shop', () => {
  let app: TestApp;
  let k: Awaited<ReturnType<typeof checkoutKit>>;
  let offers: OfferFacts[];
  const rowsOf = (email: string) =>
    k.rows<{ event_key: string; delivery: string }>(
      sql`select n.event_key, n.delivery from staff_notifications n join staff s on s.id = n.staff_id
        where lower(s.email) = ${email} order by n.id`,
    );

  beforeAll(async () => {
    app = await createTestApp({
      ORDERS_PER_PHONE_DAY: '100',
      STAFF_NOTIFY_FLOOD_MAX: '2',
      STAFF_NOTIFY_FLOOD_MINUTES: '10',
      STAFF_NOTIFY_LOW_STOCK: '6',
      STAFF_NOTIFY_OVERDUE_MINUTES: '30',
    });
    ignorePoolErrorsOnClose(app.database.db);
    k = await checkoutKit(app);
    offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted).slice(0, 4);
    await app.database.db.execute(sql`update orders set created_at = now() - interval '3 days'`);
    await app.database.db.execute(sql`update questions set created_at = now() - interval '3 days'`);
    await app.database.db.execute(sql`update payments set updated_at = now() - interval '3 days'`);
  });
  afterAll(() => app?.close());

  it('a flood past STAFF_NOTIFY_FLOOD_MAX waits STAFF_NOTIFY_FLOOD_MINUTES for its summary', async () => {
    const email = 'settings-flood@vyuga.test';
    await addStaff(app, { email, role: 'manager' });
    for (let i = 0; i < 4; i++)
      await app.services.staffNotifications.record({
        key: `order.new:settings-flood-${i}`,
        kind: 'order.new',
        shopId: null,
        title: `Новый заказ № S${i}`,
        body: '',
        link: '',
      });
    expect((await rowsOf(email)).map((r) => r.delivery)).toEqual(['sent', 'sent', 'held', 'held']);
    // Six minutes are past the default window of five, not this shop's ten.
    expect(await app.services.staffNotifications.flush(new Date(Date.now() + 6 * 60_000))).toBe(0);
    expect(await app.services.staffNotifications.flush(new Date(Date.now() + 11 * 60_000))).toBe(1);
  });

  it('an order 45 minutes old is overdue at 30; a size with 3 left is running out at 6', async () => {
    const email = 'settings-owner@vyuga.test';
    await addStaff(app, { email, role: 'owner' });
    const offer = offers[0] as OfferFacts;
    // Four in stock, one ordered: three left, above the default of two.
    await k.stockOf(offer, 2, 2);
    const { v, phone } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.save', k.pickup(phone));
    expect(res.status, await res.clone().text()).toBe(200);
    const id = Number(((await res.json()) as { id: number }).id);
    await app.database.db.execute(sql`update orders set created_at = now() - interval '45 minutes' where id = ${id}`);
    await app.services.staffNotifications.sweep();
    const keys = (await rowsOf(email)).map((r) => r.event_key);
    expect(keys).toContain(`order.overdue:${id}`);
    expect(keys).toContain(`stock.low:${offer.id}:${new Date().toISOString().slice(0, 10)}`);
  });

  it('the prune removes read notifications past READ_DAYS and any past KEEP_DAYS, in batches, and keeps the rest', async () => {
    const db = app.database.db;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const [staff] = await k.rows<{ id: number }>(sql`select id from staff order by id limit 1`);
    const staffId = Number(staff?.id);
    const rows: [string, number, boolean][] = [
      ['read-91', 91, true],
      ['read-89', 89, true],
      ['read-400', 400, true],
      ['unread-200', 200, false],
      ['unread-364', 364, false],
      ['unread-366', 366, false],
      ['unread-500', 500, false],
    ];
    for (const [key, days, read] of rows)
      await db.execute(sql`insert into staff_notifications (event_key, staff_id, kind, title, created_at, read_at,
          delivery) values (${`prune:${key}`}, ${staffId}, 'order.new', ${key}, ${ago(days)},
          ${read ? ago(days - 1) : null}, 'off')`);
    const left = async () =>
      (
        await k.rows<{ event_key: string }>(
          sql`select event_key from staff_notifications where event_key like 'prune:%' order by created_at desc`,
        )
      ).map((r) => r.event_key);

    // Batches of two: the four old ones go in three statements, all in one run.
    const report = await retentionRepository(db, { batch: 2 }).prune(now);
    expect(report?.staffNotifications).toBe(4);
    expect(await left()).toEqual(['prune:read-89', 'prune:unread-200', 'prune:unread-364']);
    expect((await retentionRepository(db).prune(now))?.staffNotifications).toBe(0);
    // Shorter settings take more: read after 30 days, any after 300.
    const shorter = await retentionRepository(db, { notificationReadDays: 30, notificationKeepDays: 300 }).prune(now);
    expect(shorter?.staffNotifications).toBe(2);
    expect(await left()).toEqual(['prune:unread-200']);
    // The shop's recent notifications (the tests above) stay.
    const flood = (await rowsOf('settings-flood@vyuga.test')).filter((r) => r.event_key.includes('settings-flood'));
    expect(flood).toHaveLength(4);
  });
});
