import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dadataSuggestions } from './dadata';

/** What the fake was asked: the path, the Authorization header and the JSON body. */
interface Asked {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A local fake of DaData's suggestions API (integrations README §6): `POST …/suggest/address` with `Token <key>`,
 * answering what the test sets — suggestions, the over-limit 403, or nothing for a while (a time-out).
 */
function fakeDadata() {
  const asked: Asked[] = [];
  let answer: (res: ServerResponse) => void = (res) => send(res, 200, { suggestions: [] });
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      asked.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(text || '{}') });
      if (req.headers.authorization !== 'Token test-key')
        return send(res, 401, { family: 'CLIENT_ERROR', reason: 'Unauthorized' });
      answer(res);
    });
  });
  return {
    asked,
    server,
    answerWith(next: (res: ServerResponse) => void) {
      answer = next;
    },
    get url() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/suggestions/api/4_1/rs`;
    },
  };
}

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(json));
}

/** DaData's answer for «Екатеринбург, ул Ленина, д 5 к 2, кв 7» and a street without its index or place. */
const HOUSE = {
  value: 'ул Ленина, д 5 к 2, кв 7',
  unrestricted_value: '620014, Свердловская обл, г Екатеринбург, ул Ленина, д 5 к 2, кв 7',
  data: {
    postal_code: '620014',
    region_with_type: 'Свердловская обл',
    city: 'Екатеринбург',
    settlement: null,
    street_with_type: 'ул Ленина',
    house_type: 'д',
    house: '5',
    block_type: 'к',
    block: '2',
    flat: '7',
    geo_lat: '56.8389',
    geo_lon: '60.6057',
    qc_geo: '0',
  },
};
const STREET = {
  value: 'ул Ленинградская',
  unrestricted_value: 'Свердловская обл, г Екатеринбург, ул Ленинградская',
  data: {
    postal_code: null,
    region_with_type: 'Свердловская обл',
    city: 'Екатеринбург',
    street_with_type: 'ул Ленинградская',
    house: null,
    flat: null,
    geo_lat: null,
    geo_lon: null,
    qc_geo: '5',
  },
};

const fake = fakeDadata();
beforeAll(() => new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
beforeEach(() => {
  fake.asked.length = 0;
  fake.answerWith((res) => send(res, 200, { suggestions: [HOUSE, STREET] }));
});

const adapter = (over: Partial<Parameters<typeof dadataSuggestions>[0]> = {}) =>
  dadataSuggestions({ apiKey: 'test-key', url: fake.url, ...over });

describe('DaData address suggestions', () => {
  it('asks with the key as a Token, within the town, and answers in the shop’s words, null geo kept null', async () => {
    const list = await adapter().suggest('ленин', 'Екатеринбург');
    expect(fake.asked).toEqual([
      {
        path: '/suggestions/api/4_1/rs/suggest/address',
        authorization: 'Token test-key',
        body: {
          query: 'ленин',
          count: 10,
          language: 'ru',
          locations: [{ city: 'Екатеринбург' }, { settlement: 'Екатеринбург' }],
          restrict_value: true,
        },
      },
    ]);
    expect(list).toEqual([
      {
        value: 'ул Ленина, д 5 к 2, кв 7',
        full: '620014, Свердловская обл, г Екатеринбург, ул Ленина, д 5 к 2, кв 7',
        street: 'ул Ленина',
        house: '5 к 2',
        flat: '7',
        postcode: '620014',
        city: 'Екатеринбург',
        region: 'Свердловская обл',
        lat: 56.8389,
        lon: 60.6057,
        houseLevel: true,
      },
      {
        value: 'ул Ленинградская',
        full: 'Свердловская обл, г Екатеринбург, ул Ленинградская',
        street: 'ул Ленинградская',
        house: '',
        flat: null,
        postcode: null,
        city: 'Екатеринбург',
        region: 'Свердловская обл',
        lat: null,
        lon: null,
        houseLevel: false,
      },
    ]);
  });

  it('searches all of Russia when no town is given', async () => {
    await adapter().suggest('москва хабар', '');
    expect(fake.asked[0]?.body).toEqual({
      query: 'москва хабар',
      count: 10,
      language: 'ru',
      locations: [{ country_iso_code: 'RU' }],
    });
  });

  it('keeps an answer: the same words in the same town are asked once', async () => {
    const suggestions = adapter();
    await suggestions.suggest('Ленин', 'Екатеринбург');
    const again = await suggestions.suggest('ленин', 'екатеринбург');
    expect(again).toHaveLength(2);
    expect(fake.asked).toHaveLength(1);
    await suggestions.suggest('ленин', 'Москва');
    expect(fake.asked).toHaveLength(2);
  });

  it('over the day’s limit (403): an empty list, one warning, and no calls for a while', async () => {
    fake.answerWith((res) =>
      send(res, 403, {
        family: 'CLIENT_ERROR',
        reason: 'Forbidden',
        message: "Feature 'SUGGESTIONS' disabled for token",
      }),
    );
    const warn = vi.fn();
    const report = vi.fn();
    let clock = 1_000_000;
    const suggestions = adapter({ log: { warn }, report, now: () => clock, pauseMs: 60_000 });
    expect(await suggestions.suggest('ленин', 'Екатеринбург')).toEqual([]);
    expect(await suggestions.suggest('тверская', 'Москва')).toEqual([]);
    expect(fake.asked).toHaveLength(1);
    clock += 60_000;
    expect(await suggestions.suggest('тверская', 'Москва')).toEqual([]);
    expect(fake.asked).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/лимит/);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('test-key');
    expect(report).toHaveBeenCalledWith(false);
    // The service answers again: a later outage is told again.
    fake.answerWith((res) => send(res, 200, { suggestions: [HOUSE] }));
    clock += 60_000;
    expect(await suggestions.suggest('тверская', 'Москва')).toHaveLength(1);
    expect(report).toHaveBeenLastCalledWith(true);
  });

  it('a time-out (1.5 s) answers an empty list at once, and is logged once', async () => {
    fake.answerWith((res) => setTimeout(() => send(res, 200, { suggestions: [HOUSE] }), 3000));
    const warn = vi.fn();
    const suggestions = adapter({ log: { warn } });
    const started = Date.now();
    expect(await suggestions.suggest('ленин', 'Екатеринбург')).toEqual([]);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(2500);
    expect(await suggestions.suggest('ленина', 'Екатеринбург')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/нет ответа за 1500 мс/);
  }, 10_000);

  it('a fault or an answer it cannot read is an empty list, never kept', async () => {
    fake.answerWith((res) => send(res, 500, { message: 'Internal' }));
    const suggestions = adapter();
    expect(await suggestions.suggest('ленин', 'Екатеринбург')).toEqual([]);
    fake.answerWith((res) => send(res, 200, { suggestions: [HOUSE] }));
    expect(await suggestions.suggest('ленин', 'Екатеринбург')).toHaveLength(1);
    expect(await adapter({ apiKey: 'wrong-key' }).suggest('ленин', 'Екатеринбург')).toEqual([]);
  });
});
