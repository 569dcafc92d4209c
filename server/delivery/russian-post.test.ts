import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError } from '../../domain/delivery/carrier';
import { russianPostOffice } from './russian-post';

/*
 * A local fake of the Post's open tariff calculator. Like the real one it answers JSON only when the query string
 * carries the valueless `json` flag (otherwise XML), and refuses an index it does not serve with HTTP 400 and
 * its error codes.
 */
interface Seen {
  search: string;
  query: URLSearchParams;
  startedAt: number;
}

let server: Server;
let url: string;
let seen: Seen[];
let inFlight: number;
let mostInFlight: number;
let delayMs: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://fake');
    seen.push({ search: address.search, query: address.searchParams, startedAt: Date.now() });
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const answer = (status: number, body: string, type = 'application/json') => {
      setTimeout(() => {
        inFlight--;
        if (res.destroyed) return;
        res.writeHead(status, { 'Content-Type': type });
        res.end(body);
      }, delayMs);
    };
    if (address.pathname !== '/v2/calculate/tariff/delivery') return answer(404, '{}');
    if (!/^\?json(&|$)/.test(address.search)) {
      return answer(200, '<?xml version="1.0"?><tariff><paynds>1</paynds></tariff>', 'application/xml');
    }
    const to = address.searchParams.get('to');
    if (to === '999999') {
      return answer(
        400,
        JSON.stringify({ errors: [{ type: 1, code: 2008, msg: 'Индекс назначения не обслуживается' }] }),
      );
    }
    if (to === '500500') return answer(503, 'Service Unavailable', 'text/plain');
    const weight = Number(address.searchParams.get('weight'));
    answer(
      200,
      JSON.stringify({
        id: 27030,
        name: 'Посылка стандартная',
        paynds: 30_000 + weight * 10,
        pay: 25_000,
        paymoneynds: 0,
        delivery: { min: 3, max: 5, deadline: '20261208T235900' },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  seen = [];
  inFlight = 0;
  mostInFlight = 0;
  delayMs = 0;
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
};

describe('russianPostOffice', () => {
  it('asks with the valueless json flag, a standard parcel by the weight band, and reads the price and days', async () => {
    const post = russianPostOffice({ url });
    expect(await post.quote(1200, '101000', '620000')).toEqual({ price: 45_000, daysMin: 3, daysMax: 5 });
    expect(seen).toHaveLength(1);
    expect(seen[0].search).toBe('?json&object=27030&from=101000&to=620000&weight=1500');
  });

  it('answers the same (from, to, weight band) from its cache for a day', async () => {
    let clock = Date.parse('2026-12-01T09:00:00Z');
    const post = russianPostOffice({ url, now: () => clock, sleep: async () => {} });
    await post.quote(1200, '101000', '620000');
    expect(await post.quote(1499, '101000', '620000')).toEqual({ price: 45_000, daysMin: 3, daysMax: 5 });
    expect(seen).toHaveLength(1);
    await post.quote(1501, '101000', '620000'); // the next band
    await post.quote(1200, '101000', '630000');
    expect(seen).toHaveLength(3);
    clock += 86_400_001;
    await post.quote(1200, '101000', '620000');
    expect(seen).toHaveLength(4);
  });

  it('keeps at most the set number of answers, the oldest going first', async () => {
    const post = russianPostOffice({ url, cacheSize: 2, spacingMs: 0 });
    await post.quote(500, '101000', '620001');
    await post.quote(500, '101000', '620002');
    await post.quote(500, '101000', '620003');
    await post.quote(500, '101000', '620003');
    await post.quote(500, '101000', '620001');
    expect(seen.map((s) => s.query.get('to'))).toEqual(['620001', '620002', '620003', '620001']);
  });

  it('checks both indexes have 6 digits before asking', async () => {
    const post = russianPostOffice({ url });
    const error = await failure(post.quote(1000, '101000', '62000'));
    expect(error).toMatchObject({
      retryable: false,
      code: 'INDEX',
      message: 'Почтовый индекс «62000» должен состоять из 6 цифр.',
    });
    expect(await failure(post.quote(1000, '101000', '62000a'))).toMatchObject({ code: 'INDEX' });
    expect(seen).toHaveLength(0);
  });

  it('tells an index the Post does not serve, and does not ask about it again that day', async () => {
    const post = russianPostOffice({ url });
    const error = await failure(post.quote(1000, '101000', '999999'));
    expect(error).toMatchObject({
      retryable: false,
      code: 'INDEX',
      message: 'Почта России не доставляет по индексу 999999.',
    });
    await failure(post.quote(1000, '101000', '999999'));
    expect(seen).toHaveLength(1);
  });

  it('calls a time-out and a 5xx retryable, and keeps neither', async () => {
    delayMs = 400;
    const post = russianPostOffice({ url, timeoutMs: 150 });
    const slow = await failure(post.quote(1000, '101000', '620000'));
    expect(slow).toMatchObject({
      retryable: true,
      code: 'TIMEOUT',
      message: 'Калькулятор Почты России не ответил за 0.2 с.',
    });
    delayMs = 0;
    expect(await post.quote(1000, '101000', '620000')).toMatchObject({ price: 40_000 });
    expect(await failure(post.quote(1000, '101000', '500500'))).toMatchObject({ retryable: true, code: 'SERVER' });
  });

  it('sends one request at a time, ~150 ms apart, and asks once for the same question asked at once', async () => {
    delayMs = 20;
    const post = russianPostOffice({ url });
    await Promise.all([
      post.quote(1000, '101000', '620000'),
      post.quote(1000, '101000', '620000'),
      post.quote(1000, '101000', '630000'),
      post.quote(3000, '101000', '640000'),
    ]);
    expect(seen.map((s) => s.query.get('to'))).toEqual(['620000', '630000', '640000']);
    expect(mostInFlight).toBe(1);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].startedAt - seen[i - 1].startedAt).toBeGreaterThanOrEqual(140);
    }
  });
});
