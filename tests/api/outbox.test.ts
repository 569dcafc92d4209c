import { readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_COMPANY } from '../../domain/content/company';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { outboxQueue, outboxRepository } from '../../db/repositories/outbox';
import type { QueuedMessage } from '../../domain/messages/message';
import { emailConfirmLetter, phoneCodeSms } from '../../domain/messages/templates';
import { createOutboxSender } from '../../server/outbox/sender';
import { createTransport, type Transport } from '../../server/outbox/transports';
import { listOutbox, readOutbox } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
// Each test starts from an empty outbox, so a sender here only ever sees the messages of its own test.
beforeEach(async () => {
  await app.database.db.execute(sql`delete from outbox`);
  await rm(path.join(app.dataDir, 'outbox'), { recursive: true, force: true });
});

const silent = pino({ level: 'silent' });
const CONFIRM_URL = 'https://shop.test/auth/confirm/?token=abc&user=1';

const letter = (email: string) => emailConfirmLetter({ company: DEMO_COMPANY, email, name: 'Анна', url: CONFIRM_URL });
const enqueue = (message: Parameters<ReturnType<typeof outboxRepository>['enqueue']>[0]) =>
  outboxRepository(app.database.db).enqueue(message);

interface Row {
  id: number;
  attempts: number;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  next_attempt_at: string;
  locked_until: string | null;
}

async function rows(): Promise<Row[]> {
  return queryRows<Row>(
    app.database.db,
    sql`select id, attempts, sent_at, failed_at, last_error, next_attempt_at, locked_until from outbox order by id`,
  );
}

/** A clock the test moves; it starts a little ahead of the database's now(), which stamps new messages. */
function testClock() {
  let t = Date.now() + 1000;
  return {
    now: () => new Date(t),
    advance: (seconds: number) => {
      t += seconds * 1000;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(read: () => Promise<T | undefined>, ms: number): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() > until) return value;
    await sleep(20);
  }
}

describe('enqueueing in a transaction', () => {
  it('never sends a message whose transaction rolled back, and sends one whose transaction committed', async () => {
    const failed = app.database.db.transaction(async (tx) => {
      await outboxRepository(tx).enqueue(letter('rolled-back@example.com'));
      throw new Error('заказ не сохранён');
    });
    await expect(failed).rejects.toThrow('заказ не сохранён');
    await app.database.db.transaction(async (tx) => {
      await outboxRepository(tx).enqueue(letter('committed@example.com'));
    });

    expect(await app.outbox.deliver()).toBe(1);
    expect(await readOutbox(app, { to: 'rolled-back@example.com', channel: 'email' })).toBeUndefined();
    expect(await readOutbox(app, { to: 'committed@example.com', channel: 'email' })).toBeDefined();
    expect(await rows()).toHaveLength(1);
  });
});

describe('the file transport', () => {
  it('delivers a letter once, as a real .eml with a Russian text part and an HTML part', async () => {
    await enqueue(letter('anna@example.com'));
    expect(await app.outbox.deliver()).toBe(1);

    const mail = await readOutbox(app, { to: 'anna@example.com', channel: 'email' });
    expect(mail).toMatchObject({ kind: 'email-confirm', to: 'anna@example.com' });
    expect(mail?.subject).toBe('Подтвердите адрес электронной почты — ВЬЮГА');
    expect(mail?.text).toContain('Здравствуйте, Анна!');
    expect(mail?.text).toContain(`Подтвердить адрес: ${CONFIRM_URL}`);
    expect(mail?.html).toContain(`<a href="${CONFIRM_URL.replace('&', '&amp;')}"`);
    expect(mail?.html).toContain('8 (800) 555-35-35');
    const [file] = await listOutbox(app);
    const raw = await readFile(path.join(app.dataDir, 'outbox', file?.name as string), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^From: =\?UTF-8\?.*\?= <noreply@shop.test>$/m);
    expect((await PostalMime.parse(raw)).from).toEqual({ name: 'ВЬЮГА', address: 'noreply@shop.test' });

    // Delivered means done: a second run sends nothing and the file stays the only one.
    expect(await app.outbox.deliver()).toBe(0);
    expect(await listOutbox(app)).toHaveLength(1);
    expect(await rows()).toEqual([
      expect.objectContaining({ attempts: 1, sent_at: expect.anything(), failed_at: null, locked_until: null }),
    ]);
  });

  it('writes an SMS as a .txt with the recipient and the text, and leaves no temporary files', async () => {
    await enqueue(phoneCodeSms({ phone: '79001234567', code: '482913' }));
    await app.outbox.deliver();
    const sms = await readOutbox(app, { to: '79001234567', channel: 'sms' });
    expect(sms).toMatchObject({ kind: 'phone-code', to: '79001234567' });
    expect(sms?.text).toBe('Код подтверждения: 482913. Никому его не сообщайте. ВЬЮГА');
    expect(await readdir(path.join(app.dataDir, 'outbox'))).toEqual([sms?.file]);
  });

  it('keeps a hostile recipient inside the outbox folder', async () => {
    const to = '../../Анна/x y@example.com';
    await enqueue(letter(to));
    await app.outbox.deliver();
    expect(await readdir(path.join(app.dataDir, 'outbox'))).toEqual([
      expect.stringMatching(/^\d{12}_email-confirm_\.\.-\.\.------x-y@example\.com\.eml$/),
    ]);
    expect(await readOutbox(app, { to, channel: 'email' })).toBeDefined();
    expect(await rows()).toEqual([expect.objectContaining({ sent_at: expect.anything() })]);
  });
});

describe('the sender', () => {
  it('retries a failing delivery with back-off and gives it up after the eighth attempt', async () => {
    const clock = testClock();
    let calls = 0;
    const failing: Transport = {
      async send() {
        calls++;
        throw new Error('почтовый сервер недоступен');
      },
      close() {},
    };
    const sender = createOutboxSender({
      queue: outboxQueue(app.database.db),
      transport: failing,
      logger: silent,
      ...clock,
    });
    await enqueue(letter('retry@example.com'));

    for (const [attempt, waitSeconds] of [30, 120, 600, 3600, 10_800, 21_600, 43_200].entries()) {
      await sender.deliver();
      expect(calls).toBe(attempt + 1);
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: attempt + 1, sent_at: null, failed_at: null });
      expect(row?.last_error).toBe('почтовый сервер недоступен');
      // Not before its time…
      clock.advance(waitSeconds - 1);
      await sender.deliver();
      expect(calls).toBe(attempt + 1);
      // …and right after it.
      clock.advance(1);
    }
    await sender.deliver();
    expect(calls).toBe(8);
    expect(await rows()).toEqual([
      expect.objectContaining({ attempts: 8, sent_at: null, failed_at: expect.anything(), locked_until: null }),
    ]);
    clock.advance(7 * 24 * 3600);
    await sender.deliver();
    expect(calls).toBe(8);
  });

  it('delivers each of 50 messages exactly once when two senders run at the same time', async () => {
    await app.database.db.transaction(async (tx) => {
      const repo = outboxRepository(tx);
      for (let i = 0; i < 50; i++)
        await repo.enqueue(phoneCodeSms({ phone: `7900000${String(i).padStart(4, '0')}`, code: '111111' }));
    });
    const deliveries = new Map<number, number>();
    const bySender = [0, 0];
    const counting = (sender: number): Transport => ({
      async send(message: QueuedMessage) {
        deliveries.set(message.id, (deliveries.get(message.id) ?? 0) + 1);
        bySender[sender] = (bySender[sender] ?? 0) + 1;
        await sleep(Math.random() * 5);
      },
      close() {},
    });
    // Each sender's claims run on a connection of their own (the PostgreSQL pool), as two processes' would.
    const senders = [0, 1].map((i) =>
      createOutboxSender({ queue: outboxQueue(app.database.db), transport: counting(i), logger: silent, batchSize: 3 }),
    );
    await Promise.all(senders.map((s) => s.deliver()));

    expect(deliveries.size).toBe(50);
    expect([...deliveries].filter(([, times]) => times !== 1)).toEqual([]);
    expect(bySender[0]).toBeGreaterThan(0);
    expect(bySender[1]).toBeGreaterThan(0);
    expect((await rows()).filter((r) => r.sent_at === null || r.attempts !== 1)).toEqual([]);
  });

  it('sends within a second of a kick, without waiting for the next poll', async () => {
    await enqueue(phoneCodeSms({ phone: '79001112233', code: '123456' }));
    app.outbox.kick();
    const sms = await waitFor(() => readOutbox(app, { to: '79001112233', channel: 'sms' }), 1000);
    expect(sms?.text).toBe('Код подтверждения: 123456. Никому его не сообщайте. ВЬЮГА');
  });

  it('polls for due messages once started, and stops cleanly, finishing the message in flight', async () => {
    const sent: number[] = [];
    const slow: Transport = {
      async send(message) {
        await sleep(300);
        sent.push(message.id);
      },
      close() {},
    };
    const sender = createOutboxSender({
      queue: outboxQueue(app.database.db),
      transport: slow,
      logger: silent,
      pollMs: 50,
    });
    sender.start();
    await enqueue(phoneCodeSms({ phone: '79001112244', code: '123456' }));
    await waitFor(async () => ((await rows())[0]?.attempts ? true : undefined), 1000);
    // Claimed and being sent: stop waits for it to be sent and marked.
    await sender.stop();
    expect(sent).toHaveLength(1);
    expect(await rows()).toEqual([expect.objectContaining({ sent_at: expect.anything(), locked_until: null })]);

    // A stopped sender takes nothing more: the message waits for another process or the next start.
    await enqueue(phoneCodeSms({ phone: '79001112255', code: '123456' }));
    sender.kick();
    await sleep(200);
    expect((await rows()).map((r) => r.attempts)).toEqual([1, 0]);
  });
});

describe('the SMS gateway transport', () => {
  let gateway: http.Server;
  let url: string;
  const requests: { contentType: string | undefined; body: unknown }[] = [];
  const statuses: number[] = [];
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        requests.push({ contentType: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(statuses.shift() ?? 200).end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => gateway.close(() => r())));
  beforeEach(() => {
    requests.length = 0;
  });

  function gatewaySender(clock: ReturnType<typeof testClock>) {
    const transport = createTransport({ SMS_URL: url, DATA_DIR: app.dataDir, MAIL_FROM: 'shop@example.com' });
    return createOutboxSender({ queue: outboxQueue(app.database.db), transport, logger: silent, ...clock });
  }

  it('POSTs the phone and the text as JSON, and a 2xx answer is a delivery', async () => {
    statuses.push(202);
    await enqueue(phoneCodeSms({ phone: '79005556677', code: '654321' }));
    expect(await gatewaySender(testClock()).deliver()).toBe(1);
    expect(requests).toEqual([
      {
        contentType: 'application/json',
        body: { phone: '79005556677', text: 'Код подтверждения: 654321. Никому его не сообщайте. ВЬЮГА' },
      },
    ]);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 1, sent_at: expect.anything() })]);
    expect(await listOutbox(app)).toEqual([]);
  });

  it('retries after a 500 answer, 30 s later', async () => {
    statuses.push(500, 200);
    const clock = testClock();
    const sender = gatewaySender(clock);
    await enqueue(phoneCodeSms({ phone: '79005556688', code: '654321' }));
    await sender.deliver();
    const [failed] = await rows();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: 'SMS-шлюз ответил 500' });
    expect(new Date(failed?.next_attempt_at as string).getTime()).toBe(clock.now().getTime() + 30_000);

    clock.advance(30);
    await sender.deliver();
    expect(requests).toHaveLength(2);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 2, sent_at: expect.anything() })]);
  });
});

describe('the SMTP transport', () => {
  it('sends the letter to the mail server of SMTP_URL, from MAIL_FROM', async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const transport = createTransport({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        DATA_DIR: app.dataDir,
        MAIL_FROM: 'ВЬЮГА <shop@vyuga.example>',
      });
      const sender = createOutboxSender({ queue: outboxQueue(app.database.db), transport, logger: silent });
      await enqueue(letter('smtp@example.com'));
      expect(await sender.deliver()).toBe(1);
      await sender.stop();

      expect(received).toHaveLength(1);
      const mail = await PostalMime.parse(received[0] as Buffer);
      expect(mail.from).toEqual({ name: 'ВЬЮГА', address: 'shop@vyuga.example' });
      expect(mail.to).toEqual([{ name: '', address: 'smtp@example.com' }]);
      expect(mail.subject).toBe('Подтвердите адрес электронной почты — ВЬЮГА');
      expect(mail.text).toContain(CONFIRM_URL);
      expect(mail.html).toContain('Подтвердить адрес</a>');
      expect(await rows()).toEqual([expect.objectContaining({ sent_at: expect.anything() })]);
      expect(await listOutbox(app)).toEqual([]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
