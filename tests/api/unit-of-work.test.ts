import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { unitOfWork } from '../../db/uow';
import { CONSENT_TEXTS } from '../../domain/consent/consent';
import { phoneCodeSms } from '../../domain/messages/templates';
import type { TransactionRepositories } from '../../domain/uow';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from '../support/basket-offers';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let offer: OfferFacts;
beforeAll(async () => {
  app = await createTestApp();
  ignorePoolErrorsOnClose(app.database.db);
  offer = (await offerFacts(app.database.db))[0] as OfferFacts;
});
afterAll(() => app.close());

/** Writes through three repositories, one of which opens a transaction of its own (moving a line to the wishlist). */
async function writeAll(repos: TransactionRepositories, sessionId: string) {
  const owner = { sessionId, userId: null };
  const added = await repos.basket.addLine(owner, offer.id, { delay: false, quantity: 1, cap: 99 });
  if (added.outcome === 'added') await repos.basket.moveToWishlist(owner, added.lineId);
  await repos.consents.record({
    purpose: 'order',
    version: CONSENT_TEXTS.order.version,
    subject: '79001234567',
    sessionId,
    userId: null,
    client: '198.51.100.1',
    at: new Date(),
  });
  await repos.outbox.enqueue(phoneCodeSms({ phone: '79001234567', code: sessionId.slice(-6) }));
}

async function written(sessionId: string) {
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: string }>(app.database.db, query)).map((r) => Number(r.n))[0];
  return {
    lines: await count(sql`select count(*) as n from basket_lines where session_id = ${sessionId}`),
    consents: await count(sql`select count(*) as n from consents where session_id = ${sessionId}`),
    messages: await count(sql`select count(*) as n from outbox where text_body like ${`%${sessionId.slice(-6)}%`}`),
  };
}

describe('the unit of work', () => {
  it('commits every write of the unit together', async () => {
    const result = await unitOfWork(app.database.db).run(async (repos) => {
      await writeAll(repos, 'uow-commit-100001');
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(await written('uow-commit-100001')).toEqual({ lines: 1, consents: 1, messages: 1 });
  });

  it('rolls every write back when the work throws, the nested transaction too, and passes the error on', async () => {
    const failure = new Error('не хватило товара');
    await expect(
      unitOfWork(app.database.db).run(async (repos) => {
        await writeAll(repos, 'uow-rollback-200002');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await written('uow-rollback-200002')).toEqual({ lines: 0, consents: 0, messages: 0 });
  });

  it('keeps units apart when 50 run at once, half of them failing', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `uow-many-${String(300000 + i)}`);
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        unitOfWork(app.database.db).run(async (repos) => {
          await writeAll(repos, id);
          if (i % 2 === 1) throw new Error('отказ');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(25);
    const all = await Promise.all(ids.map(written));
    expect(all.filter((w, i) => i % 2 === 0 && w.lines === 1 && w.consents === 1 && w.messages === 1)).toHaveLength(25);
    expect(all.filter((w, i) => i % 2 === 1 && w.lines + w.consents + w.messages === 0)).toHaveLength(25);
  });
});
