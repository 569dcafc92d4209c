import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api';
import { NO_ADDRESS_SUGGESTIONS } from '../../domain/delivery/address-suggestions';
import { addressSuggestionsOf, dadataSuggestions } from '../../server/delivery/dadata';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
const PATH = API.deliveryAddressSuggest;
/** A local fake of DaData's `suggest/address`: one house in Екатеринбург, for the key `test-key` only. */
const asked: { authorization?: string; body: { query: string; locations: unknown } }[] = [];
const fake: Server = createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => {
    asked.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
    res.writeHead(req.headers.authorization === 'Token test-key' ? 200 : 403, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        suggestions: [
          {
            value: 'ул Ленина, д 5',
            unrestricted_value: '620014, Свердловская обл, г Екатеринбург, ул Ленина, д 5',
            data: {
              postal_code: '620014',
              region_with_type: 'Свердловская обл',
              city: 'Екатеринбург',
              street_with_type: 'ул Ленина',
              house: '5',
              flat: null,
              geo_lat: null,
              geo_lon: null,
            },
          },
        ],
      }),
    );
  });
});
const fakeUrl = () => `http://127.0.0.1:${(fake.address() as AddressInfo).port}/suggestions/api/4_1/rs`;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  // The shop's write limits lifted: the 429 below must be the suggestions' own.
  app = await createTestApp({ WRITE_LIMIT_PER_SESSION: '100000', WRITE_LIMIT_PER_CLIENT: '100000' });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe('POST /api/v2/delivery/address/suggest/', () => {
  it('without ADDRESS_API_KEY: an empty list, and DaData is never asked', async () => {
    expect(app.services.addressSuggestions).toBe(NO_ADDRESS_SUGGESTIONS);
    const v = await newVisitor(app);
    const res = await v.post(PATH, { query: 'Ленина 5', city: 'Екатеринбург' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', data: { suggestions: [] } });
    expect(asked).toEqual([]);
  });

  it('refuses too short or too long words with a Russian message (400), and a call without the sessid (403)', async () => {
    const v = await newVisitor(app);
    const short = await v.post(PATH, { query: ' ул ', city: 'Москва' });
    expect(short.status).toBe(400);
    expect((await short.json()).errors[0]).toEqual({
      message: 'Введите хотя бы 3 буквы адреса.',
      code: 'INVALID_QUERY',
    });
    const long = await v.post(PATH, { query: 'а'.repeat(301), city: 'Москва' }, { json: true });
    expect(long.status).toBe(400);
    expect((await long.json()).errors[0].message).toBe('Адрес для подсказки — не длиннее 300 символов.');
    const none = await v.post(PATH, { city: 'Москва' });
    expect(none.status).toBe(400);
    expect((await none.json()).errors[0].message).toBe('Введите адрес.');
    const stranger = await v.post(PATH, { query: 'Ленина' }, { sessid: null });
    expect(stranger.status).toBe(403);
  });

  it('with a key: DaData (here a local fake) is asked with it, within the town, and its answer is the shop’s', async () => {
    // The settings give the adapter with the key; the URL (ADDRESS_API_URL, the integrator's) comes by its options.
    expect(addressSuggestionsOf({ ADDRESS_API_KEY: 'test-key' })).not.toBe(NO_ADDRESS_SUGGESTIONS);
    app.services.addressSuggestions = dadataSuggestions({ apiKey: 'test-key', url: fakeUrl() });
    try {
      const v = await newVisitor(app);
      const res = await v.post(PATH, { query: 'Ленина 5', city: 'Екатеринбург' });
      expect(res.status).toBe(200);
      expect((await res.json()).data.suggestions).toEqual([
        {
          value: 'ул Ленина, д 5',
          full: '620014, Свердловская обл, г Екатеринбург, ул Ленина, д 5',
          street: 'ул Ленина',
          house: '5',
          flat: null,
          postcode: '620014',
          city: 'Екатеринбург',
          region: 'Свердловская обл',
          lat: null,
          lon: null,
          houseLevel: true,
        },
      ]);
      expect(asked).toEqual([
        {
          authorization: 'Token test-key',
          body: expect.objectContaining({
            query: 'Ленина 5',
            locations: [{ city: 'Екатеринбург' }, { settlement: 'Екатеринбург' }],
          }),
        },
      ]);
    } finally {
      app.services.addressSuggestions = NO_ADDRESS_SUGGESTIONS;
    }
  });

  it('a client asking too often is refused (429) in Russian, with Retry-After', async () => {
    const v = await newVisitor(app);
    let refused: Response | null = null;
    // Every call of this file counts; the limit is reached within its number of calls from here.
    for (let i = 0; i <= app.services.limitRules.addressSuggestPerClient.limit && !refused; i++) {
      const res = await v.post(PATH, { query: `Ленина ${i}`, city: 'Москва' });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await (refused as Response).json()).errors[0].message).toMatch(
      /^Слишком много запросов подсказок адреса\. Повторите через \d+\s(минут|минуту|минуты|час)\S* или введите адрес вручную\.$/,
    );
  });
});
