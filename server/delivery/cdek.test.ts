import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Carrier, CarrierError, type ShipmentRequest } from '../../domain/delivery/carrier';
import { type CdekShipmentKeys, cashOf, cdekCarrier, cdekWebhook, parseCdekNotification } from './cdek';

/*
 * A local fake of CDEK's API v2, as much of it as the adapter uses: the adapter talks to it over HTTP for real.
 * Orders are made asynchronously as at CDEK (ACCEPTED, then SUCCESSFUL with a number or INVALID after a read),
 * and a second order with the same number is NOT refused, so a double registration would show as two orders.
 */

const CLIENT_ID = 'EMscd6r9JnFiQ3bLoyjJY6eM78JrJceI';
const SECRET = 'PjLZkKBHEiLK3YsjtNrt3TGNG0ahs3kG';
const PDF = Buffer.from('%PDF-1.4\n% этикетка СДЭК\n%%EOF\n');

interface Logged {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface Fault {
  method: string;
  path: string;
  status?: number;
  /** What the error answer says (CDEK's refusal); by default an internal error. */
  body?: unknown;
  delayMs?: number;
  /** The request never reaches CDEK's processing (by default it is processed and only the answer fails). */
  lost?: boolean;
}

interface FakeOrder {
  uuid: string;
  number: string;
  body: Record<string, unknown>;
  state: 'ACCEPTED' | 'SUCCESSFUL' | 'INVALID';
  cdekNumber: string | null;
  errors: { code: string; message: string }[];
  reads: number;
  statuses: { code: string; name: string; date_time: string; city: string }[];
  delivered: Record<string, number> | null;
  returnUuid: string | null;
  deleted: boolean;
}

class FakeCdek {
  server!: Server;
  url = '';
  requests: Logged[] = [];
  tokenCalls = 0;
  tokens = new Set<string>();
  orders = new Map<string, FakeOrder>();
  faults: Fault[] = [];
  webhooks: { uuid: string; type: string; url: string }[] = [];
  labels = new Map<string, { reads: number }>();
  /** Reads of a new order before CDEK has processed it. */
  processingReads = 1;
  /** Where the label's file is said to be (an answer naming another address must not get the token). */
  labelBase = '';

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2`;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.requests = [];
    this.tokenCalls = 0;
    this.tokens.clear();
    this.orders.clear();
    this.faults = [];
    this.webhooks = [];
    this.labels.clear();
    this.processingReads = 1;
    this.labelBase = '';
  }

  /** Every token issued so far stops working (CDEK revoked or lapsed it early). */
  revokeTokens() {
    this.tokens.clear();
  }

  calls(method: string, path: string) {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  orderByNumber(number: string) {
    return [...this.orders.values()].filter((o) => o.number === number && !o.deleted);
  }

  moveTo(uuid: string, code: string, at: string, city = 'Екатеринбург') {
    this.orders.get(uuid)?.statuses.push({ code, name: code, date_time: at, city });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v2/, '');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const json = req.headers['content-type']?.includes('json') && raw ? JSON.parse(raw) : raw;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, query: url.searchParams, body: json });

    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    if (path === '/oauth/token') {
      this.tokenCalls++;
      const form = new URLSearchParams(raw);
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== SECRET) {
        return send(401, { error: 'invalid_client' });
      }
      const token = `token-${this.tokenCalls}`;
      this.tokens.add(token);
      return send(200, { access_token: token, token_type: 'bearer', expires_in: 3599, scope: 'order:all' });
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!this.tokens.has(token)) return send(401, { requests: [{ state: 'INVALID', errors: [] }] });

    // A fault: the request is processed as CDEK would, but the answer is an error or comes too late.
    const index = this.faults.findIndex((f) => f.method === method && path.startsWith(f.path));
    const fault = index >= 0 ? this.faults.splice(index, 1)[0] : null;
    const answer = fault?.lost ? null : this.route(method, path, url.searchParams, json);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (res.destroyed) return;
    if (answer === 'pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      return res.end(PDF);
    }
    if (fault?.status || !answer) {
      return send(fault?.status ?? 500, fault?.body ?? { errors: [{ code: 'internal', message: 'Internal error' }] });
    }
    send(answer.status, answer.body);
  }

  private route(method: string, path: string, query: URLSearchParams, body: unknown) {
    const ok = (b: unknown, status = 200) => ({ status, body: b });
    const notFound = (code = 'v2_entity_not_found') => ({
      status: 400,
      body: {
        requests: [{ type: 'GET', state: 'INVALID', errors: [{ code, message: 'Entity is not found' }] }],
      },
    });
    if (method === 'GET' && path === '/location/suggest/cities') {
      const name = (query.get('name') ?? '').toLowerCase();
      return ok(CITIES.filter((c) => c.city.toLowerCase().startsWith(name)).map(suggestionOf));
    }
    if (method === 'GET' && path === '/location/cities') {
      return ok(CITIES.filter((c) => c.city === query.get('city')));
    }
    if (method === 'GET' && path === '/deliverypoints') {
      return ok(query.get('city_code') === '250' && query.get('type') === 'ALL' ? POINTS : []);
    }
    if (method === 'POST' && path === '/calculator/tarifflist') return ok({ tariff_codes: TARIFFS });
    if (method === 'POST' && path === '/orders') {
      const order: FakeOrder = {
        uuid: randomUUID(),
        number: String((body as { number: string }).number),
        body: body as Record<string, unknown>,
        state: 'ACCEPTED',
        cdekNumber: null,
        errors: [],
        reads: 0,
        statuses: [{ code: 'ACCEPTED', name: 'Принят', date_time: '2026-12-01T09:00:00+0000', city: 'Москва' }],
        delivered: null,
        returnUuid: null,
        deleted: false,
      };
      this.orders.set(order.uuid, order);
      return ok(
        { entity: { uuid: order.uuid }, requests: [{ type: 'CREATE', state: 'ACCEPTED', errors: [], warnings: [] }] },
        202,
      );
    }
    if (method === 'GET' && path === '/orders') {
      const [order] = this.orderByNumber(query.get('im_number') ?? '');
      return order ? ok(this.view(order)) : notFound('v2_entity_not_found_im_number');
    }
    const orderPath = /^\/orders\/([\w-]+)$/.exec(path);
    if (orderPath) {
      const order = this.orders.get(orderPath[1]);
      if (!order || order.deleted) return notFound();
      if (method === 'DELETE') {
        if (order.statuses.some((s) => s.code === 'RECEIVED_AT_SHIPMENT_WAREHOUSE')) {
          return {
            status: 400,
            body: {
              requests: [
                {
                  type: 'DELETE',
                  state: 'INVALID',
                  errors: [
                    { code: 'v2_order_not_deletable', message: 'Заказ уже принят на склад, удаление невозможно' },
                  ],
                },
              ],
            },
          };
        }
        order.deleted = true;
        return ok({ entity: { uuid: order.uuid }, requests: [{ type: 'DELETE', state: 'ACCEPTED' }] }, 202);
      }
      order.reads++;
      if (order.state === 'ACCEPTED' && order.reads > this.processingReads) this.process(order);
      return ok(this.view(order));
    }
    if (method === 'POST' && path === '/print/barcodes') {
      const uuid = randomUUID();
      this.labels.set(uuid, { reads: 0 });
      return ok({ entity: { uuid } }, 202);
    }
    const labelPath = /^\/print\/barcodes\/([\w-]+)(\.pdf)?$/.exec(path);
    if (labelPath) {
      const label = this.labels.get(labelPath[1]);
      if (!label) return notFound();
      if (labelPath[2]) return 'pdf' as const;
      label.reads++;
      const ready = label.reads > 1;
      return ok({
        entity: {
          uuid: labelPath[1],
          ...(ready ? { url: `${this.labelBase || this.url}/print/barcodes/${labelPath[1]}.pdf` } : {}),
          statuses: [
            { code: 'ACCEPTED', date_time: '2026-12-01T10:00:00+0000' },
            { code: ready ? 'READY' : 'PROCESSING', date_time: '2026-12-01T10:00:01+0000' },
          ],
        },
      });
    }
    if (method === 'GET' && path === '/webhooks') return ok(this.webhooks);
    if (method === 'POST' && path === '/webhooks') {
      const hook = { uuid: randomUUID(), ...(body as { type: string; url: string }) };
      this.webhooks.push(hook);
      return ok({ entity: { uuid: hook.uuid }, requests: [{ type: 'CREATE', state: 'ACCEPTED' }] });
    }
    return { status: 404, body: { errors: [{ code: 'not_found', message: `Нет такого пути ${path}` }] } };
  }

  /** CDEK checks the order after taking it: a recipient's phone must be Russian. */
  private process(order: FakeOrder) {
    const phone = (order.body.recipient as { phones: { number: string }[] }).phones[0].number;
    if (!/^\+7\d{10}$/.test(phone)) {
      order.state = 'INVALID';
      order.errors = [{ code: 'v2_recipient_phone_invalid', message: 'Некорректный номер телефона получателя' }];
      order.statuses.push({
        code: 'INVALID',
        name: 'Некорректный заказ',
        date_time: '2026-12-01T09:00:05+0000',
        city: '',
      });
    } else {
      order.state = 'SUCCESSFUL';
      order.cdekNumber = String(1_000_000_000 + this.orders.size);
      order.statuses.push({ code: 'CREATED', name: 'Создан', date_time: '2026-12-01T09:00:05+0000', city: 'Москва' });
    }
  }

  private view(order: FakeOrder) {
    const packages = (order.body.packages as { items: { ware_key: string; amount: number }[] }[]).map((p) => ({
      ...p,
      items: p.items.map((item) =>
        order.delivered ? { ...item, delivery_amount: order.delivered[item.ware_key] ?? 0 } : item,
      ),
    }));
    return {
      entity: {
        uuid: order.uuid,
        number: order.number,
        cdek_number: order.cdekNumber,
        statuses: [...order.statuses].reverse(), // CDEK lists the newest first
        packages,
      },
      requests: [{ type: 'CREATE', state: order.state, errors: order.errors }],
      related_entities: order.returnUuid ? [{ type: 'return_order', uuid: order.returnUuid }] : [],
    };
  }
}

const CITIES = [
  {
    code: 44,
    city: 'Москва',
    region: 'Москва',
    latitude: 55.7538,
    longitude: 37.6206,
    postal_codes: ['101000'],
    country_code: 'RU',
  },
  {
    code: 250,
    city: 'Екатеринбург',
    region: 'Свердловская обл.',
    latitude: 56.8389,
    longitude: 60.6057,
    postal_codes: ['620000'],
    country_code: 'RU',
  },
  {
    code: 1035,
    city: 'Екатериновка',
    region: 'Саратовская обл.',
    latitude: 52.05,
    longitude: 44.34,
    country_code: 'RU',
  },
];

const suggestionOf = (c: (typeof CITIES)[number]) => ({
  city_uuid: randomUUID(),
  code: c.code,
  full_name: c.region === c.city ? `${c.city}, Россия` : `${c.city}, ${c.region}, Россия`,
});

const point = (over: Record<string, unknown>) => ({
  uuid: randomUUID(),
  type: 'PVZ',
  owner_code: 'cdek',
  name: 'На Ленина',
  location: {
    city_code: 250,
    city: 'Екатеринбург',
    latitude: 56.84,
    longitude: 60.6,
    address: 'пр. Ленина, 50',
    address_full: '620014, Россия, Свердловская обл., Екатеринбург, пр. Ленина, 50',
  },
  work_time: 'Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00',
  phones: [{ number: '+73432000000' }],
  is_handout: true,
  is_reception: true,
  is_dressing_room: false,
  have_cashless: true,
  have_cash: true,
  allowed_cod: true,
  weight_max: 30,
  ...over,
});

const POINTS = [
  point({ code: 'EKB1', is_dressing_room: true }),
  point({ code: 'EKB2', have_cash: false, allowed_cod: false, weight_max: 5, phones: [] }),
  point({
    code: 'EKB3',
    type: 'POSTAMAT',
    name: 'Постамат в ТЦ',
    is_dressing_room: true,
    weight_max: 15,
    work_time: 'Пн-Вс 08:00-22:00',
  }),
  point({ code: 'EKB4', is_handout: false }), // takes parcels in only
];

const TARIFFS = [
  {
    tariff_code: 136,
    tariff_name: 'Посылка склад-склад',
    delivery_mode: 4,
    delivery_sum: 320,
    period_min: 2,
    period_max: 3,
  },
  {
    tariff_code: 234,
    tariff_name: 'Экономичная посылка склад-склад',
    delivery_mode: 4,
    delivery_sum: 250,
    period_min: 5,
    period_max: 8,
  },
  {
    tariff_code: 483,
    tariff_name: 'Экспресс склад-склад',
    delivery_mode: 4,
    delivery_sum: 610,
    period_min: 1,
    period_max: 2,
  },
  {
    tariff_code: 137,
    tariff_name: 'Посылка склад-дверь',
    delivery_mode: 3,
    delivery_sum: 455.5,
    period_min: 2,
    period_max: 4,
  },
  {
    tariff_code: 139,
    tariff_name: 'Посылка дверь-дверь',
    delivery_mode: 1,
    delivery_sum: 390,
    period_min: 2,
    period_max: 4,
  },
  {
    tariff_code: 368,
    tariff_name: 'Посылка склад-постамат',
    delivery_mode: 7,
    delivery_sum: 280,
    period_min: 3,
    period_max: 4,
  },
];

let fake: FakeCdek;
let keys: Map<string, string>;
let store: CdekShipmentKeys;
let clock: number;
let carrier: Carrier;

const connect = (over: Partial<Parameters<typeof cdekCarrier>[0]> = {}) =>
  cdekCarrier({
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    apiUrl: fake.url,
    from: 'MSK5:44',
    tariffs: [136, 137, 368, 483],
    // Roomy: a cold first request on a busy machine must not pass for CDEK's time-out; the time-out tests set theirs.
    timeoutMs: 3000,
    now: () => clock,
    sleep: async () => {},
    store,
    ...over,
  });

const EKB = { code: '250', name: 'Екатеринбург', region: 'Свердловская обл.', lat: null, lon: null, postcode: null };
const MSK = { code: '44', name: 'Москва', region: '', lat: null, lon: null, postcode: null };
const PARCEL = { weight: 1800, length: 40, width: 30, height: 12.5 };

const shipment = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  orderNumber: '100123',
  kind: 'point',
  pointCode: 'EKB1',
  townCode: '250',
  address: null,
  recipient: { name: 'Анна Смирнова', phone: '+79161234567', email: 'anna@example.ru' },
  lines: [
    { article: 'JK-48', name: 'Пуховик «Тайга», 48', quantity: 1, price: 1_299_000, weight: 1200 },
    { article: 'SC-1', name: 'Шарф', quantity: 2, price: 150_050, weight: 300 },
  ],
  parcel: PARCEL,
  cashOnReceipt: 0,
  tryOn: true,
  partial: true,
  ...over,
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
};

beforeAll(async () => {
  fake = new FakeCdek();
  await fake.start();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  keys = new Map();
  store = {
    remember: async (number, uuid) => {
      keys.set(number, uuid);
    },
    uuidOf: async (number) => keys.get(number) ?? null,
  };
  clock = Date.parse('2026-12-01T09:00:00Z');
  carrier = connect();
});

describe('cdekCarrier: the token', () => {
  it('asks for one token (form body, client credentials) and shares it among concurrent and later calls', async () => {
    await Promise.all([carrier.towns('Екат'), carrier.points(EKB), carrier.quote(PARCEL, MSK, EKB)]);
    await carrier.points(EKB);
    expect(fake.tokenCalls).toBe(1);
    const [tokenCall] = fake.requests.filter((r) => r.path === '/oauth/token');
    expect(tokenCall.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(tokenCall.body as string))).toEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: SECRET,
    });
  });

  it('renews the token a minute before it lapses, without waiting for a 401', async () => {
    await carrier.points(EKB);
    clock += (3599 - 61) * 1000;
    await carrier.points(EKB);
    expect(fake.tokenCalls).toBe(1);
    clock += 2000;
    await carrier.points(EKB);
    expect(fake.tokenCalls).toBe(2);
  });

  it('on a 401 (the token revoked early) takes a new token once and repeats the call once', async () => {
    await carrier.points(EKB);
    fake.revokeTokens();
    const points = await carrier.points(EKB);
    expect(points).toHaveLength(3);
    expect(fake.tokenCalls).toBe(2);
    expect(fake.calls('GET', '/deliverypoints')).toBe(3);
  });

  it('refuses wrong keys in Russian, never showing the secret', async () => {
    const error = await failure(connect({ clientSecret: 'wrong-secret-123' }).points(EKB));
    expect(error).toMatchObject({ retryable: false, code: 'AUTH' });
    expect(error.message).toMatch(/^СДЭК не принял CDEK_CLIENT_ID и CDEK_CLIENT_SECRET/);
    expect(error.message).not.toContain('wrong-secret-123');
    expect(fake.tokenCalls).toBe(1);
  });
});

describe('cdekCarrier: towns, points, quotes', () => {
  it('finds towns by the start of the name, with the region from the suggestion', async () => {
    const towns = await carrier.towns('Екат');
    expect(towns).toEqual([
      { code: '250', name: 'Екатеринбург', region: 'Свердловская обл.', lat: null, lon: null, postcode: null },
      { code: '1035', name: 'Екатериновка', region: 'Саратовская обл.', lat: null, lon: null, postcode: null },
    ]);
    const suggest = fake.requests.find((r) => r.path === '/location/suggest/cities');
    expect(suggest?.query.get('name')).toBe('Екат');
    expect(suggest?.query.get('country_code')).toBe('RU');
  });

  it('gives a town named in full with its coordinates and index; a federal city has no region', async () => {
    expect(await carrier.towns('Екатеринбург')).toEqual([
      {
        code: '250',
        name: 'Екатеринбург',
        region: 'Свердловская обл.',
        lat: 56.8389,
        lon: 60.6057,
        postcode: '620000',
      },
    ]);
    expect((await carrier.towns('Москва'))[0]).toMatchObject({ code: '44', region: '', postcode: '101000' });
    expect(await carrier.towns(' е ')).toEqual([]);
  });

  it('maps pickup points: fitting room and try-on, a locker (never try-on), no cash, the weight limit in grams', async () => {
    const points = await carrier.points(EKB);
    expect(points.map((p) => p.code)).toEqual(['EKB1', 'EKB2', 'EKB3']); // EKB4 only takes parcels in
    expect(points[0]).toEqual({
      code: 'EKB1',
      kind: 'point',
      name: 'На Ленина',
      address: 'пр. Ленина, 50',
      lat: 56.84,
      lon: 60.6,
      hours: 'Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00',
      phone: '+73432000000',
      fittingRoom: true,
      tryOn: true,
      card: true,
      cash: true,
      cashOnReceipt: true,
      weightMax: 30_000,
    });
    expect(points[1]).toMatchObject({ fittingRoom: false, tryOn: false, cash: false, cashOnReceipt: false });
    expect(points[1]).toMatchObject({ phone: '', weightMax: 5000 });
    expect(points[2]).toMatchObject({ kind: 'locker', fittingRoom: true, tryOn: false, weightMax: 15_000 });
  });

  it('quotes the cheapest allowed tariff of each kind, in kopecks and days', async () => {
    const quotes = await carrier.quote(PARCEL, MSK, EKB);
    const [call] = fake.requests.filter((r) => r.path === '/calculator/tarifflist');
    expect(call.body).toMatchObject({
      type: 1,
      from_location: { code: 44 },
      to_location: { code: 250 },
      packages: [{ weight: 1800, length: 40, width: 30, height: 13 }],
    });
    // 234 is cheaper but not the shop's; 139 is door-from, 483 dearer than 136.
    expect(quotes).toEqual([
      { kind: 'point', price: 32_000, daysMin: 2, daysMax: 3 },
      { kind: 'courier', price: 45_550, daysMin: 2, daysMax: 4 },
      { kind: 'locker', price: 28_000, daysMin: 3, daysMax: 4 },
    ]);
    expect(await connect({ tariffs: [137] }).quote(PARCEL, MSK, EKB)).toEqual([
      { kind: 'courier', price: 45_550, daysMin: 2, daysMax: 4 },
    ]);
  });

  it('calls a time-out and a 5xx retryable, in Russian', async () => {
    fake.faults.push({ method: 'GET', path: '/deliverypoints', delayMs: 600 });
    expect(await failure(connect({ timeoutMs: 300 }).points(EKB))).toMatchObject({
      retryable: true,
      code: 'TIMEOUT',
      message: 'СДЭК не ответил за 0.3 с.',
    });
    fake.faults.push({ method: 'POST', path: '/calculator/tarifflist', status: 502 });
    expect(await failure(carrier.quote(PARCEL, MSK, EKB))).toMatchObject({ retryable: true, code: 'SERVER' });
  });
});

describe('cdekCarrier: registering a shipment', () => {
  it('posts the order as CDEK expects it, keeps its uuid first and reads the number back', async () => {
    const order = shipment({ cashOnReceipt: 1_299_000 + 2 * 150_050 + 35_000 });
    const registered = await carrier.register(order);
    expect(fake.calls('POST', '/orders')).toBe(1);
    const [made] = fake.orderByNumber('100123');
    expect(registered).toEqual({ number: made.cdekNumber, carrierId: made.uuid });
    expect(keys.get('100123')).toBe(made.uuid);
    expect(made.body).toEqual({
      type: 1,
      number: '100123',
      tariff_code: 136,
      shipment_point: 'MSK5',
      delivery_point: 'EKB1',
      recipient: { name: 'Анна Смирнова', email: 'anna@example.ru', phones: [{ number: '+79161234567' }] },
      services: [{ code: 'TRYING_ON' }, { code: 'PART_DELIV' }],
      delivery_recipient_cost: { value: 350 },
      packages: [
        {
          number: '100123-1',
          weight: 1800,
          length: 40,
          width: 30,
          height: 13,
          items: [
            {
              name: 'Пуховик «Тайга», 48',
              ware_key: 'JK-48',
              cost: 12990,
              amount: 1,
              weight: 1200,
              payment: { value: 12990 },
            },
            { name: 'Шарф', ware_key: 'SC-1', cost: 1500.5, amount: 2, weight: 300, payment: { value: 1500.5 } },
          ],
        },
      ],
    });
  });

  it('sends a courier order to the address with the door tariff, and a locker order without try-on', async () => {
    await carrier.register(
      shipment({
        orderNumber: '200',
        kind: 'courier',
        pointCode: null,
        address: 'ул. Малышева, 1, кв. 5',
        tryOn: false,
        partial: false,
      }),
    );
    expect(fake.orderByNumber('200')[0].body).toMatchObject({
      tariff_code: 137,
      to_location: { code: 250, address: 'ул. Малышева, 1, кв. 5' },
      services: [],
      delivery_recipient_cost: { value: 0 },
    });
    expect(fake.orderByNumber('200')[0].body).not.toHaveProperty('delivery_point');
    await carrier.register(shipment({ orderNumber: '201', kind: 'locker', pointCode: 'EKB3' }));
    expect(fake.orderByNumber('201')[0].body).toMatchObject({ tariff_code: 368, delivery_point: 'EKB3', services: [] });
  });

  it('after a 500 on the POST finds the order CDEK made by the shop’s number and does not post it twice', async () => {
    fake.faults.push({ method: 'POST', path: '/orders', status: 500 });
    const registered = await carrier.register(shipment());
    expect(fake.calls('POST', '/orders')).toBe(1);
    expect(fake.orderByNumber('100123')).toHaveLength(1);
    const lookups = fake.requests.filter((r) => r.method === 'GET' && r.path === '/orders');
    expect(lookups.at(-1)?.query.get('im_number')).toBe('100123');
    expect(registered.carrierId).toBe(fake.orderByNumber('100123')[0].uuid);
    expect(keys.get('100123')).toBe(registered.carrierId);
  });

  it('posts again after a 500 only when CDEK has no order under the number', async () => {
    fake.faults.push({ method: 'POST', path: '/orders', status: 500, lost: true });
    const registered = await carrier.register(shipment());
    expect(fake.calls('POST', '/orders')).toBe(2);
    expect(fake.orderByNumber('100123')).toHaveLength(1);
    expect(registered.carrierId).toBe(fake.orderByNumber('100123')[0].uuid);
  });

  it('after a time-out on the POST keeps the uuid found and reads the order back', async () => {
    fake.faults.push({ method: 'POST', path: '/orders', delayMs: 600 });
    const registered = await connect({ timeoutMs: 300 }).register(shipment());
    expect(fake.calls('POST', '/orders')).toBe(1);
    expect(fake.orderByNumber('100123')).toHaveLength(1);
    expect(keys.get('100123')).toBe(registered.carrierId);
    expect(registered.number).toMatch(/^\d{10}$/);
  });

  it('throws CDEK’s reason when the order comes back INVALID, and a corrected repeat makes a new order', async () => {
    const error = await failure(
      carrier.register(shipment({ recipient: { name: 'Анна', phone: '8916', email: null } })),
    );
    expect(error).toMatchObject({ retryable: false, code: 'INVALID' });
    expect(error.message).toBe('СДЭК отклонил заказ: Некорректный номер телефона получателя.');
    const registered = await carrier.register(shipment());
    expect(fake.calls('POST', '/orders')).toBe(2);
    expect(registered.carrierId).toBe(keys.get('100123'));
    expect(fake.orders.get(registered.carrierId)?.state).toBe('SUCCESSFUL');
  });

  it('registers twice → one CDEK order, the same shipment, even while CDEK is still processing', async () => {
    fake.processingReads = 10;
    const pending = await failure(connect({ polls: 2 }).register(shipment()));
    expect(pending).toMatchObject({ retryable: true, code: 'PENDING' });
    fake.processingReads = 1;
    const first = await carrier.register(shipment());
    const second = await carrier.register(shipment());
    expect(second).toEqual(first);
    expect(fake.calls('POST', '/orders')).toBe(1);
    expect(fake.orderByNumber('100123')).toHaveLength(1);
  });

  it('two registrations at once (a double click) make one order', async () => {
    const [first, second] = await Promise.all([carrier.register(shipment()), carrier.register(shipment())]);
    expect(second).toEqual(first);
    expect(fake.calls('POST', '/orders')).toBe(1);
  });

  it('finds an order CDEK has under the number though the shop lost its uuid', async () => {
    const first = await carrier.register(shipment());
    keys.clear();
    expect(await carrier.register(shipment())).toEqual(first);
    expect(fake.calls('POST', '/orders')).toBe(1);
  });

  it('refuses a kind none of the shop’s tariffs delivers', async () => {
    const error = await failure(connect({ tariffs: [136] }).register(shipment({ kind: 'locker', pointCode: 'EKB3' })));
    expect(error).toMatchObject({ retryable: false, code: 'TARIFF' });
    expect(fake.calls('POST', '/orders')).toBe(0);
  });
});

describe('cashOf', () => {
  const lines = shipment().lines;
  it('collects each unit’s price and the rest as the delivery; shares a smaller sum to the kopeck', () => {
    expect(cashOf({ lines, cashOnReceipt: 0 })).toEqual({ perUnit: [0, 0], delivery: 0 });
    expect(cashOf({ lines, cashOnReceipt: 1_599_100 + 500 })).toEqual({ perUnit: [1_299_000, 150_050], delivery: 500 });
    const shared = cashOf({ lines, cashOnReceipt: 1_000_001 });
    expect(shared.perUnit[0] + 2 * shared.perUnit[1] + shared.delivery).toBe(1_000_001);
    expect(shared.delivery).toBeLessThan(3);
  });
});

describe('cdekCarrier: label, tracking, cancel', () => {
  it('orders the label, waits until it is ready and downloads the PDF with the token', async () => {
    const registered = await carrier.register(shipment());
    const pdf = await carrier.label(registered);
    expect(Buffer.from(pdf).equals(PDF)).toBe(true);
    const [made] = fake.requests.filter((r) => r.method === 'POST' && r.path === '/print/barcodes');
    expect(made.body).toEqual({ orders: [{ order_uuid: registered.carrierId }], format: 'A6' });
    expect(fake.requests.filter((r) => r.path.startsWith('/print/barcodes/')).length).toBe(3);
  });

  it('does not send the token to a file address other than CDEK’s', async () => {
    const registered = await carrier.register(shipment());
    fake.labelBase = 'http://127.0.0.2:9/v2';
    const error = await failure(carrier.label(registered));
    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toBe('СДЭК дал ссылку на файл на чужом адресе; файл не скачан.');
  });

  it('maps CDEK’s statuses to the shop’s events, oldest first, unknown codes skipped', async () => {
    const registered = await carrier.register(shipment());
    const uuid = registered.carrierId;
    fake.moveTo(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2026-12-01T12:00:00+0000', 'Москва');
    fake.moveTo(uuid, 'SENT_TO_RECIPIENT_CITY', '2026-12-02T08:00:00+0000', 'Москва');
    fake.moveTo(uuid, 'IN_CUSTOMS_LOCAL', '2026-12-02T09:00:00+0000');
    fake.moveTo(uuid, 'ACCEPTED_AT_PICK_UP_POINT', '2026-12-03T10:00:00+0000');
    fake.moveTo(uuid, 'DELIVERED', '2026-12-04T15:30:00+0000');
    expect(await carrier.track(registered)).toEqual([
      { kind: 'accepted', at: new Date('2026-12-01T12:00:00Z'), place: 'Москва' },
      { kind: 'in_transit', at: new Date('2026-12-02T08:00:00Z'), place: 'Москва' },
      { kind: 'arrived', at: new Date('2026-12-03T10:00:00Z'), place: 'Екатеринбург' },
      { kind: 'handed_over', at: new Date('2026-12-04T15:30:00Z'), place: 'Екатеринбург' },
    ]);
  });

  it('tells a partly kept parcel with the lines kept, and the parcel’s return from its return order', async () => {
    const registered = await carrier.register(shipment());
    const order = fake.orders.get(registered.carrierId);
    if (!order) throw new Error('no order');
    fake.moveTo(order.uuid, 'ACCEPTED_AT_PICK_UP_POINT', '2026-12-03T10:00:00+0000');
    fake.moveTo(order.uuid, 'DELIVERED', '2026-12-04T15:30:00+0000');
    order.delivered = { 'JK-48': 1, 'SC-1': 0 };
    const back = await carrier.register(shipment({ orderNumber: '100123-R' }));
    order.returnUuid = back.carrierId;
    fake.moveTo(back.carrierId, 'DELIVERED', '2026-12-08T11:00:00+0000', 'Москва');
    const events = await carrier.track(registered);
    expect(events.slice(1)).toEqual([
      {
        kind: 'partly_handed_over',
        at: new Date('2026-12-04T15:30:00Z'),
        place: 'Екатеринбург',
        kept: [{ article: 'JK-48', quantity: 1 }],
      },
      { kind: 'returned', at: new Date('2026-12-08T11:00:00Z'), place: 'Москва' },
    ]);
  });

  it('a refused parcel is «refused»', async () => {
    const registered = await carrier.register(shipment());
    fake.moveTo(registered.carrierId, 'NOT_DELIVERED', '2026-12-05T10:00:00+0000');
    expect((await carrier.track(registered)).map((e) => e.kind)).toEqual(['refused']);
  });

  it('cancels an order CDEK has not got the parcel of, and answers false once it has', async () => {
    const first = await carrier.register(shipment());
    expect(await carrier.cancel(first)).toBe(true);
    expect(fake.calls('DELETE', `/orders/${first.carrierId}`)).toBe(1);
    const second = await carrier.register(shipment({ orderNumber: '300' }));
    fake.moveTo(second.carrierId, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2026-12-01T12:00:00+0000');
    expect(await carrier.cancel(second)).toBe(false);
    expect(fake.orders.get(second.carrierId)?.deleted).toBe(false);
  });

  it('answers false when CDEK itself refuses the deletion (it took the parcel meanwhile)', async () => {
    const registered = await carrier.register(shipment());
    const refusal = {
      requests: [
        {
          type: 'DELETE',
          state: 'INVALID',
          errors: [{ code: 'v2_order_not_deletable', message: 'Заказ уже принят на склад, удаление невозможно' }],
        },
      ],
    };
    fake.faults.push({ method: 'DELETE', path: '/orders/', status: 400, body: refusal, lost: true });
    expect(await carrier.cancel(registered)).toBe(false);
    expect(fake.orders.get(registered.carrierId)?.deleted).toBe(false);
  });
});

describe('cdekWebhook and notifications', () => {
  it('registers the ORDER_STATUS webhook once', async () => {
    const options = { clientId: CLIENT_ID, clientSecret: SECRET, apiUrl: fake.url };
    const url = 'https://shop.example.ru/api/v2/delivery/cdek/notify/';
    expect(await cdekWebhook({ ...options, url })).toBe(true);
    expect(await cdekWebhook({ ...options, url })).toBe(false);
    expect(fake.webhooks).toEqual([{ uuid: expect.any(String), type: 'ORDER_STATUS', url }]);
    expect(fake.calls('POST', '/webhooks')).toBe(1);
  });

  it('takes only which shipment a notification is about; a forged body yields nothing more', () => {
    const uuid = '72753031-1a2b-4c3d-8e4f-0123456789ab';
    const forged = {
      type: 'ORDER_STATUS',
      date_time: '2026-12-04T15:30:00+0000',
      uuid,
      attributes: {
        is_return: false,
        cdek_number: '1',
        number: '100123',
        code: 'DELIVERED',
        city_name: 'Екатеринбург',
      },
    };
    expect(parseCdekNotification(forged)).toEqual({ carrierId: uuid, orderNumber: '100123' });
    expect(parseCdekNotification({ ...forged, uuid: "1' or 1=1" })).toBeNull();
    expect(parseCdekNotification({ ...forged, type: 'PRINT_FORM' })).toBeNull();
    expect(parseCdekNotification({ ...forged, attributes: { number: '<script>' } })).toEqual({
      carrierId: uuid,
      orderNumber: null,
    });
    expect(parseCdekNotification(null)).toBeNull();
    expect(parseCdekNotification('DELIVERED')).toBeNull();
  });
});
