import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import { type Member, type StaffSubjects, staffSubjects, subjectsApp } from '../support/staff-subjects';
import type { TestApp } from '../support/test-app';

// PostgreSQL only (vitest.config.ts): its pool runs the bulk moves side by side, each order's move waiting on its lock.
let app: TestApp;
let s: StaffSubjects;
let manager: Member;

beforeAll(async () => {
  app = await subjectsApp();
  s = await staffSubjects(app);
  manager = await s.member('manager');
}, 300_000);
afterAll(() => app.close());

interface Answer {
  status: number;
  moved: { id: number }[];
  refused: { id: number; code: string }[];
}
const bulkMove = async (body: Record<string, unknown>): Promise<Answer> => {
  const res = await manager.browser.call(STAFF_API.ordersBulkMove, body);
  const json = (await res.json()) as { data?: { result: Omit<Answer, 'status'> } };
  return { status: res.status, moved: json.data?.result.moved ?? [], refused: json.data?.result.refused ?? [] };
};
const perOrder = async (ids: number[], query: (id: number) => ReturnType<typeof sql>) => {
  const counts: number[] = [];
  for (const id of ids) counts.push(Number((await s.rows<{ n: number }>(query(id)))[0]?.n));
  return counts;
};

it('the same bulk move sent 50 times at once moves each order once, with one history row and one audit entry', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) ids.push((await s.shopOrder(s.homeShop)).id);
  const answers = await Promise.all(Array.from({ length: 50 }, () => bulkMove({ ids, to: 'confirmed' })));
  expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
  const moved = answers.flatMap((a) => a.moved.map((m) => m.id));
  expect(moved.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  const refused = answers.flatMap((a) => a.refused);
  expect(refused).toHaveLength(49 * ids.length);
  expect(new Set(refused.map((r) => r.code))).toEqual(new Set(['ORDER_TRANSITION']));
  expect(
    await perOrder(
      ids,
      (id) => sql`select count(*)::int as n from order_status_history where order_id = ${id} and status = 'confirmed'`,
    ),
  ).toEqual(ids.map(() => 1));
  expect(
    await perOrder(
      ids,
      (id) => sql`select count(*)::int as n from audit_log where action = 'order.move' and entity_id = ${String(id)}`,
    ),
  ).toEqual(ids.map(() => 1));
});

it('a bulk cancel sent twice at once cancels each order once and gives its stock back once', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) ids.push((await s.shopOrder(s.homeShop)).id);
  const stockOf = async () =>
    Number(
      (
        await s.rows<{ n: number }>(
          sql`select coalesce(sum(quantity), 0)::int as n from stock
          where offer_id in (select offer_id from order_lines where order_id in ${ids})`,
        )
      )[0]?.n,
    );
  const held = Number(
    (
      await s.rows<{ n: number }>(
        sql`select coalesce(sum(quantity), 0)::int as n from order_stock where order_id in ${ids}`,
      )
    )[0]?.n,
  );
  expect(held).toBeGreaterThan(0);
  const before = await stockOf();
  const answers = await Promise.all([1, 2].map(() => bulkMove({ ids, to: 'cancelled', reason: 'Дубли заказов' })));
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect(answers.flatMap((a) => a.moved.map((m) => m.id)).sort((a, b) => a - b)).toEqual(
    [...ids].sort((a, b) => a - b),
  );
  expect(await stockOf()).toBe(before + held);
  expect(
    await perOrder(
      ids,
      (id) => sql`select count(*)::int as n from order_status_history where order_id = ${id} and status = 'cancelled'`,
    ),
  ).toEqual(ids.map(() => 1));
});
