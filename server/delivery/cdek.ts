import {
  type Carrier,
  CarrierError,
  type CarrierKind,
  type CarrierPoint,
  type CarrierQuote,
  type CarrierTown,
  type Parcel,
  type RegisteredShipment,
  type ShipmentRequest,
  type TrackEvent,
} from '../../domain/delivery/carrier';
import { type CdekAnswer, type CdekApi, type CdekConnection, cdekApi, cdekMessages, isNotFound } from './cdek-api';
import { eventOfStatus, KIND_OF_DELIVERY_MODE, POINT_KIND_OF } from './cdek-words';

/**
 * The CDEK adapter (API v2, issue 42.2) behind the shop's carrier port. CDEK creates an order asynchronously and does
 * not refuse a second order with the same number, so a registration is made once by hand: the order's uuid is kept
 * (`CdekShipmentKeys`) before anything else is tried, an unknown outcome is looked up by the shop's number before a
 * new order is posted, and the result is read back until CDEK says it is made or refused.
 */

/** Where the shop keeps the CDEK order's uuid of each of its orders (the integrator: the shipments table). */
export interface CdekShipmentKeys {
  remember(orderNumber: string, uuid: string): Promise<void>;
  uuidOf(orderNumber: string): Promise<string | null>;
}

export interface CdekCarrierOptions extends CdekConnection {
  /** `CDEK_FROM`: the drop-off point's code and the sender town's code, «MSK5:44». */
  from: string;
  /** `CDEK_TARIFFS`: the tariffs of the shop's contract; quotes and orders use only these. */
  tariffs: number[];
  store: CdekShipmentKeys;
  /** Reading back an order or a label: how many times and how long to wait between (CDEK's own plugin: 4 × 5 s). */
  polls?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const TOWNS_MAX = 20;

export function cdekCarrier(options: CdekCarrierOptions): Carrier {
  const api = cdekApi(options);
  const { store, polls = 5, pollMs = 2000, sleep = wait } = options;
  const [shipmentPoint, fromTown] = options.from.split(':');
  const allowed = new Set(options.tariffs);
  /** Registrations under way in this process, by order number: a double click waits for the first one. */
  const registering = new Map<string, Promise<RegisteredShipment>>();

  /** The cheapest allowed tariff of each kind between two towns. */
  async function tariffs(parcel: Parcel, from: string, to: string) {
    const { json } = await api.call('POST', 'calculator/tarifflist', {
      body: {
        type: 1,
        currency: 1,
        lang: 'rus',
        from_location: { code: Number(from) },
        to_location: { code: Number(to) },
        packages: [packageOf(parcel)],
      },
    });
    const list = (json as { tariff_codes?: unknown } | undefined)?.tariff_codes;
    if (!Array.isArray(list)) {
      const said = cdekMessages(json);
      throw new CarrierError(`СДЭК не рассчитал доставку${said ? `: ${said}` : ''}.`, false, 'QUOTE');
    }
    const best = new Map<CarrierKind, { tariff: number } & CarrierQuote>();
    for (const item of list as TariffItem[]) {
      const kind = KIND_OF_DELIVERY_MODE[item.delivery_mode];
      if (!kind || !allowed.has(item.tariff_code) || typeof item.delivery_sum !== 'number') continue;
      const price = Math.round(item.delivery_sum * 100);
      const known = best.get(kind);
      if (known && known.price <= price) continue;
      best.set(kind, {
        kind,
        tariff: item.tariff_code,
        price,
        daysMin: item.period_min ?? item.period_max ?? 0,
        daysMax: item.period_max ?? item.period_min ?? 0,
      });
    }
    return best;
  }

  async function orderOf(uuid: string): Promise<CdekOrder | null> {
    const answer = await api.call('GET', `orders/${encodeURIComponent(uuid)}`, { allow: [400, 404] });
    if (answer.status >= 400) {
      if (isNotFound(answer)) return null;
      throw refused(answer);
    }
    return answer.json as CdekOrder;
  }

  /** The order CDEK has under the shop's number, if any (after an unknown outcome). */
  async function uuidByNumber(orderNumber: string): Promise<string | null> {
    const answer = await api.call('GET', 'orders', { query: { im_number: orderNumber }, allow: [400, 404] });
    if (answer.status >= 400) {
      if (isNotFound(answer)) return null;
      throw refused(answer);
    }
    const uuid = (answer.json as CdekOrder | undefined)?.entity?.uuid;
    return typeof uuid === 'string' ? uuid : null;
  }

  /**
   * Reads a posted order back until CDEK has made it (its number) or refused it. `invalid` when refused: the caller
   * throws on a fresh order and posts anew on a remembered one (a refused order is no order at CDEK).
   */
  async function settle(uuid: string): Promise<RegisteredShipment | { invalid: string } | null> {
    for (let poll = 0; ; poll++) {
      const order = await orderOf(uuid);
      if (!order) return null;
      const create = order.requests?.find((r) => r.type === 'CREATE') ?? order.requests?.[0];
      if (create?.state === 'INVALID') return { invalid: cdekMessages(order) || 'причина не указана' };
      const number = order.entity?.cdek_number;
      if (number) return { number: String(number), carrierId: uuid };
      if (poll + 1 >= polls) {
        throw new CarrierError(
          'СДЭК ещё обрабатывает заказ: повторите регистрацию чуть позже (второй заказ создан не будет).',
          true,
          'PENDING',
        );
      }
      await sleep(pollMs);
    }
  }

  async function post(shipment: ShipmentRequest): Promise<string | null> {
    const body = await orderBody(shipment);
    const answer = await api.call('POST', 'orders', { body, allow: [400] });
    if (answer.status >= 400) throw refused(answer);
    const uuid = (answer.json as CdekOrder | undefined)?.entity?.uuid;
    if (typeof uuid !== 'string') throw refused(answer);
    await store.remember(shipment.orderNumber, uuid);
    return uuid;
  }

  async function orderBody(s: ShipmentRequest) {
    const best = (await tariffs(s.parcel, fromTown, s.townCode)).get(s.kind);
    if (!best) {
      throw new CarrierError(
        `СДЭК не доставляет этот заказ способом «${KIND_NAME[s.kind]}» по тарифам магазина (CDEK_TARIFFS).`,
        false,
        'TARIFF',
      );
    }
    const locker = s.kind === 'locker';
    const services = [
      ...(s.tryOn && !locker ? [{ code: 'TRYING_ON' }] : []),
      ...(s.partial && !locker ? [{ code: 'PART_DELIV' }] : []),
    ];
    const { perUnit, delivery } = cashOf(s);
    return {
      type: 1,
      number: s.orderNumber,
      tariff_code: best.tariff,
      shipment_point: shipmentPoint,
      ...(s.kind === 'courier'
        ? { to_location: { code: Number(s.townCode), address: s.address ?? '' } }
        : { delivery_point: s.pointCode }),
      recipient: {
        name: s.recipient.name,
        ...(s.recipient.email ? { email: s.recipient.email } : {}),
        phones: [{ number: s.recipient.phone }],
      },
      services,
      delivery_recipient_cost: { value: roubles(delivery) },
      packages: [
        {
          number: `${s.orderNumber}-1`,
          ...packageOf(s.parcel),
          items: s.lines.map((line, index) => ({
            name: line.name,
            ware_key: line.article,
            cost: roubles(line.price),
            amount: line.quantity,
            weight: line.weight,
            payment: { value: roubles(perUnit[index]) },
          })),
        },
      ],
    };
  }

  async function registerOnce(shipment: ShipmentRequest): Promise<RegisteredShipment> {
    const { orderNumber } = shipment;
    const stored = await store.uuidOf(orderNumber);
    let uuid = stored ?? (await uuidByNumber(orderNumber));
    if (uuid) {
      if (!stored) await store.remember(orderNumber, uuid);
      const known = await settle(uuid);
      if (known && !('invalid' in known)) return known;
      uuid = null; // refused or gone at CDEK: a new order is no second one
    }
    try {
      uuid = await post(shipment);
    } catch (error) {
      if (!(error instanceof CarrierError && error.retryable)) throw error;
      // The outcome is unknown: CDEK may have made the order. Post again only when it has none under the number.
      uuid = (await store.uuidOf(orderNumber)) ?? (await uuidByNumber(orderNumber));
      if (uuid) await store.remember(orderNumber, uuid);
      else uuid = await post(shipment);
    }
    const result = uuid ? await settle(uuid) : null;
    if (!result) throw new CarrierError('СДЭК не нашёл только что созданный заказ; повторите регистрацию.', true);
    if ('invalid' in result) throw new CarrierError(`СДЭК отклонил заказ: ${result.invalid}.`, false, 'INVALID');
    return result;
  }

  return {
    name: 'cdek',

    async towns(query) {
      const name = query.trim();
      if (name.length < 2) return [];
      // Suggestions find a town by the start of its name; the full record (region, coordinates, index) comes with
      // an exact name, as when the shopper has chosen «Name, Region» and the town is looked up again.
      const [suggested, exact] = await Promise.all([
        api.call('GET', 'location/suggest/cities', { query: { name, country_code: 'RU' } }),
        api.call('GET', 'location/cities', { query: { city: name, country_codes: 'RU', size: TOWNS_MAX } }),
      ]);
      const full = new Map<string, CarrierTown>();
      for (const city of asArray<CdekCity>(exact.json)) {
        if (city.code === undefined || !city.city) continue;
        full.set(String(city.code), {
          code: String(city.code),
          name: city.city,
          region: regionOf(city.city, city.region ?? ''),
          lat: typeof city.latitude === 'number' ? city.latitude : null,
          lon: typeof city.longitude === 'number' ? city.longitude : null,
          postcode: city.postal_codes?.[0] ?? city.postal_code ?? null,
        });
      }
      const towns: CarrierTown[] = [];
      for (const hint of asArray<CdekSuggestion>(suggested.json)) {
        if (hint.code === undefined || !hint.full_name) continue;
        const code = String(hint.code);
        towns.push(full.get(code) ?? townOfFullName(code, hint.full_name));
        full.delete(code);
      }
      return [...towns, ...full.values()].slice(0, TOWNS_MAX);
    },

    async points(town) {
      const { json } = await api.call('GET', 'deliverypoints', { query: { city_code: town.code, type: 'ALL' } });
      const points: CarrierPoint[] = [];
      for (const p of asArray<CdekPoint>(json)) {
        const kind = POINT_KIND_OF[p.type ?? ''];
        const lat = p.location?.latitude;
        const lon = p.location?.longitude;
        // A point that only takes parcels in (`is_handout` false) hands nothing over to a shopper.
        if (!kind || !p.code || p.is_handout === false || typeof lat !== 'number' || typeof lon !== 'number') continue;
        const fittingRoom = p.is_dressing_room === true;
        points.push({
          code: p.code,
          kind,
          name: p.name ?? p.code,
          address: p.location?.address || p.location?.address_full || '',
          lat,
          lon,
          hours: p.work_time ?? '',
          phone: p.phones?.[0]?.number ?? '',
          fittingRoom,
          tryOn: fittingRoom && kind === 'point',
          card: p.have_cashless === true,
          cash: p.have_cash === true,
          cashOnReceipt: p.allowed_cod === true,
          weightMax: typeof p.weight_max === 'number' ? Math.round(p.weight_max * 1000) : null,
        });
      }
      return points;
    },

    async quote(parcel, from, to) {
      const best = await tariffs(parcel, from.code, to.code);
      return [...best.values()].map(({ kind, price, daysMin, daysMax }) => ({ kind, price, daysMin, daysMax }));
    },

    register(shipment) {
      const running = registering.get(shipment.orderNumber);
      if (running) return running;
      const started = registerOnce(shipment).finally(() => registering.delete(shipment.orderNumber));
      registering.set(shipment.orderNumber, started);
      return started;
    },

    async label(shipment) {
      const made = await api.call('POST', 'print/barcodes', {
        body: { orders: [{ order_uuid: shipment.carrierId }], format: 'A6' },
      });
      const uuid = (made.json as CdekOrder | undefined)?.entity?.uuid;
      if (typeof uuid !== 'string') throw new CarrierError('СДЭК не принял заказ на этикетку.', true, 'LABEL');
      for (let poll = 0; ; poll++) {
        const { json } = await api.call('GET', `print/barcodes/${encodeURIComponent(uuid)}`);
        const entity = (json as { entity?: { url?: unknown; statuses?: { code?: string }[] } } | undefined)?.entity;
        const codes = (entity?.statuses ?? []).map((s) => s.code);
        if (codes.includes('READY') && typeof entity?.url === 'string') return api.download(entity.url);
        if (codes.includes('INVALID') || codes.includes('REMOVED')) {
          throw new CarrierError(`СДЭК не сделал этикетку: ${cdekMessages(json) || 'причина не указана'}.`, false);
        }
        if (poll + 1 >= polls) throw new CarrierError('СДЭК ещё готовит этикетку: повторите чуть позже.', true);
        await sleep(pollMs);
      }
    },

    async track(shipment) {
      const order = await orderOf(shipment.carrierId);
      if (!order?.entity) throw new CarrierError('СДЭК не знает этого отправления.', false, 'NOT_FOUND');
      const events = eventsOf(order);
      // A parcel sent back is a return order of its own; its handover to the shop is the parcel's return.
      const back = order.related_entities?.find((r) => r.type === 'return_order' && typeof r.uuid === 'string');
      if (back?.uuid) {
        const returned = (await orderOf(back.uuid))?.entity?.statuses?.find((s) => s.code === 'DELIVERED');
        if (returned?.date_time) {
          events.push({ kind: 'returned', at: new Date(returned.date_time), place: returned.city ?? '' });
        }
      }
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    async cancel(shipment) {
      const order = await orderOf(shipment.carrierId);
      if (!order) return true; // nothing at CDEK to cancel
      // Once CDEK has the parcel in hand it does not delete the order; asking would only be refused.
      if ((order.entity?.statuses ?? []).some((s) => s.code && eventOfStatus(s.code))) return false;
      const answer = await api.call('DELETE', `orders/${encodeURIComponent(shipment.carrierId)}`, { allow: [400] });
      if (answer.status >= 400) return isNotFound(answer);
      const state = (answer.json as CdekOrder | undefined)?.requests?.[0]?.state;
      return state !== 'INVALID';
    },
  };
}

/** A shipment's events from the order: oldest first, CDEK's codes the shop has no word for skipped. */
function eventsOf(order: CdekOrder): TrackEvent[] {
  const events: TrackEvent[] = [];
  for (const status of order.entity?.statuses ?? []) {
    const kind = status.code ? eventOfStatus(status.code) : null;
    if (!kind || !status.date_time) continue;
    const event: TrackEvent = { kind, at: new Date(status.date_time), place: status.city ?? '' };
    if (kind === 'handed_over') {
      const kept = keptOf(order);
      if (kept) Object.assign(event, { kind: 'partly_handed_over', kept });
    }
    events.push(event);
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** After a partial delivery each item says how many units were handed over; null when all were (or it does not say). */
function keptOf(order: CdekOrder): { article: string; quantity: number }[] | null {
  const kept = new Map<string, number>();
  let partial = false;
  for (const pack of order.entity?.packages ?? []) {
    for (const item of pack.items ?? []) {
      if (typeof item.delivery_amount !== 'number' || typeof item.amount !== 'number' || !item.ware_key) continue;
      if (item.delivery_amount < item.amount) partial = true;
      if (item.delivery_amount > 0) kept.set(item.ware_key, (kept.get(item.ware_key) ?? 0) + item.delivery_amount);
    }
  }
  return partial ? [...kept].map(([article, quantity]) => ({ article, quantity })) : null;
}

/**
 * What CDEK collects, exact to the kopeck: each unit its price when the sum covers the goods (the rest is the
 * delivery, `delivery_recipient_cost`, so a shopper who keeps part pays for what is kept and the delivery); less
 * than the goods (a part prepaid) is shared over the units by price, the kopecks a share cannot split going to the
 * delivery line. Nothing for a paid order.
 */
export function cashOf(s: Pick<ShipmentRequest, 'cashOnReceipt' | 'lines'>): { perUnit: number[]; delivery: number } {
  const goods = s.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (s.cashOnReceipt <= 0) return { perUnit: s.lines.map(() => 0), delivery: 0 };
  if (s.cashOnReceipt >= goods) return { perUnit: s.lines.map((l) => l.price), delivery: s.cashOnReceipt - goods };
  const perUnit = s.lines.map((line) => Math.floor((line.price * s.cashOnReceipt) / goods));
  const shared = perUnit.reduce((sum, unit, index) => sum + unit * s.lines[index].quantity, 0);
  return { perUnit, delivery: s.cashOnReceipt - shared };
}

/**
 * Registers the ORDER_STATUS webhook at the shop's notification address when CDEK has none there (at start).
 * True when it was registered now.
 */
export async function cdekWebhook(options: CdekConnection & { url: string; api?: CdekApi }): Promise<boolean> {
  const api = options.api ?? cdekApi(options);
  const { json } = await api.call('GET', 'webhooks');
  const present = asArray<{ type?: string; url?: string }>(json).some(
    (hook) => hook.type === 'ORDER_STATUS' && hook.url === options.url,
  );
  if (present) return false;
  await api.call('POST', 'webhooks', { body: { type: 'ORDER_STATUS', url: options.url } });
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which shipment a CDEK notification is about, and nothing else: the body is unsigned, so the shop reads the order
 * back (`track`) and acts on that. `orderNumber` (the shop's number CDEK keeps) finds a return order's parcel,
 * whose notification carries the return order's uuid.
 */
export function parseCdekNotification(body: unknown): { carrierId: string; orderNumber: string | null } | null {
  const note = body as { type?: unknown; uuid?: unknown; attributes?: { number?: unknown } } | null;
  if (note?.type !== 'ORDER_STATUS' || typeof note.uuid !== 'string' || !UUID.test(note.uuid)) return null;
  const number = note.attributes?.number;
  return {
    carrierId: note.uuid.toLowerCase(),
    orderNumber: typeof number === 'string' && /^[\w-]{1,40}$/.test(number) ? number : null,
  };
}

const KIND_NAME: Readonly<Record<CarrierKind, string>> = {
  courier: 'курьер',
  point: 'пункт выдачи',
  locker: 'постамат',
};

const packageOf = (parcel: Parcel) => ({
  weight: Math.max(1, Math.round(parcel.weight)),
  length: Math.max(1, Math.ceil(parcel.length)),
  width: Math.max(1, Math.ceil(parcel.width)),
  height: Math.max(1, Math.ceil(parcel.height)),
});

/** Kopecks as CDEK's roubles (a number with two decimals). */
const roubles = (kopecks: number) => Math.round(kopecks) / 100;

function refused(answer: CdekAnswer): CarrierError {
  return new CarrierError(
    `СДЭК отклонил запрос: ${cdekMessages(answer.json) || `HTTP ${answer.status}`}.`,
    false,
    `HTTP_${answer.status}`,
  );
}

const asArray = <T>(json: unknown): T[] => (Array.isArray(json) ? (json as T[]) : []);

/** A federal city is its own region: the port leaves its region empty. */
const regionOf = (name: string, region: string) => (region.trim() === name.trim() ? '' : region.trim());

/** «Екатеринбург, Свердловская обл., Россия» → the town and its region (the part before the country). */
function townOfFullName(code: string, fullName: string): CarrierTown {
  const parts = fullName.split(',').map((part) => part.trim());
  const name = parts[0] ?? fullName;
  const region = parts.length >= 3 ? parts[parts.length - 2] : '';
  return { code, name, region: regionOf(name, region), lat: null, lon: null, postcode: null };
}

interface TariffItem {
  tariff_code: number;
  delivery_mode: number;
  delivery_sum?: number;
  period_min?: number;
  period_max?: number;
}

interface CdekCity {
  code?: number;
  city?: string;
  region?: string;
  latitude?: number;
  longitude?: number;
  postal_codes?: string[];
  postal_code?: string;
}

interface CdekSuggestion {
  code?: number;
  full_name?: string;
}

interface CdekPoint {
  code?: string;
  name?: string;
  type?: string;
  location?: { latitude?: number; longitude?: number; address?: string; address_full?: string };
  work_time?: string;
  phones?: { number?: string }[];
  is_dressing_room?: boolean;
  is_handout?: boolean;
  have_cashless?: boolean;
  have_cash?: boolean;
  allowed_cod?: boolean;
  weight_max?: number;
}

interface CdekStatus {
  code?: string;
  date_time?: string;
  city?: string;
}

interface CdekOrder {
  entity?: {
    uuid?: string;
    cdek_number?: string | number | null;
    statuses?: CdekStatus[];
    packages?: { items?: { ware_key?: string; amount?: number; delivery_amount?: number }[] }[];
  };
  requests?: { type?: string; state?: string; errors?: { code?: string; message?: string }[] }[];
  related_entities?: { type?: string; uuid?: string }[];
}
