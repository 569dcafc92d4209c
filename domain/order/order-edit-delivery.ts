import type { RequestContext } from '../context';
import type { CarrierKind, CarrierTown, Parcel } from '../delivery/carrier';
import { deliveryCosts, type DeliveryPrices } from '../delivery/delivery-price';
import { DEFAULT_PARCEL, type ParcelFacts, parcelOf, pointTakes } from '../delivery/parcel';
import { type PickupPoint, pointTitle } from '../delivery/pickup';
import { type KindQuote, type Quotes, weightBand, withShopRules } from '../delivery/quotes';
import { courierIntervals, intervalStillValid, type ShopClock, shopReady, specDate } from '../delivery/schedule';
import { DomainError } from '../errors';
import type { Allocation } from '../inventory/allocation';
import type { ShopSource } from '../inventory/shop-serves';
import { formatAmount } from '../pricing/price';
import { can } from '../staff/permissions';
import type { StaffMember } from '../staff/staff-member';
import { MOSCOW } from '../text/dates';
import type { TransactionRepositories } from '../uow';
import { sameTown } from './delivery-choice';
import type { DeliveryEdit, EditLine } from './order-edit';
import type { LockedOrder } from './ports';
import { type DeliveryType, orderNumber } from './process';

/**
 * Issue 47.6, the delivery's missing parts: a pickup order moved to another shop (its units with it), a carrier's
 * pickup point changed for another of the same carrier, a carrier courier's address changed (the delivery quoted
 * again), and the delivery's price after any change by checkout's own rules (`deliveryCosts`).
 */

/** The order's delivery as checkout wrote it (domain/order/delivery-choice.ts), every kind's fields optional. */
export interface KeptDelivery {
  address?: string;
  date?: string;
  time?: string;
  shopId?: number;
  shop?: string;
  readyDate?: string;
  reservedUntil?: string;
  pointId?: number;
  point?: string;
  pointCode?: string;
  kind?: 'point' | 'locker';
  carrier?: string;
  townCode?: string;
  tryOn?: boolean;
  partial?: boolean;
  quote?: { price: number; daysMin: number; daysMax: number; source: string };
}

/** A shop as a pickup order is moved to it: its name, address and clock, and how it gets the lines. */
export type EditShop = ShopClock & { name: string; address: string; source: ShopSource };

/** What a change of the delivery's place reads and writes, in the order's transaction (db/repositories/order-edit-delivery.ts). */
export interface DeliveryEditWrites {
  /** The discount card the order was priced with; for an order placed before it was kept, the shopper's own card. */
  orderCard(orderId: number, userId: number | null): Promise<{ number: string; percent: number } | null>;
  /** The delivery table as checkout reads it. */
  deliveryPrices(): Promise<DeliveryPrices>;
  /** A shop (type `shop`) every line may be ordered to with the stock as it stands; null otherwise. */
  shopFor(shopId: number, lines: readonly { offerId: number; quantity: number }[]): Promise<EditShop | null>;
  /**
   * A kept carrier point with its carrier; null for none. `listed`: it is in the carrier's last listing of its town
   * (a point the carrier dropped is kept for the orders already sent to it, and offered to none).
   */
  point(pointId: number): Promise<(PickupPoint & { carrier: string; listed: boolean }) | null>;
  /** Each offer's packed weight and size. */
  parcels(offerIds: readonly number[]): Promise<Map<number, ParcelFacts>>;
  /** Writes the whole delivery, its price and the shop order's keeping (1C takes the order again). */
  writeDelivery(
    orderId: number,
    delivery: KeptDelivery,
    deliveryPrice: number,
    reservedUntil: Date | null | undefined,
  ): Promise<void>;
}

/** The price of the order's delivery for goods of this sum: the price it was charged at (its carrier's quote, or
 * the table's), free from the table's threshold, by checkout's `deliveryCosts`. */
export function deliveryPriceFor(
  table: DeliveryPrices,
  type: DeliveryType,
  delivery: KeptDelivery,
  goods: number,
  charged: number,
): number {
  const row = table[type] ?? { price: charged, freeFrom: null };
  // The price the shopper was charged stays theirs: today's table counts only where the delivery was free (by the
  // threshold or the table), so that goods falling under the threshold pay for it.
  const price = delivery.quote?.price ?? (charged > 0 ? charged : row.price);
  const prices: DeliveryPrices = { ...table, [type]: { ...row, price } };
  return deliveryCosts(prices, goods)[type] ?? 0;
}

export const goodsOf = (lines: readonly { price: number; quantity: number }[]) =>
  lines.reduce((sum, l) => sum + l.price * l.quantity, 0);

/** How the history and the letter read a delivery of any kind. */
export function placeText(type: DeliveryType, d: KeptDelivery): string {
  if (type === 'SHOP')
    return [`самовывоз из магазина ${d.shop ?? ''}`.trim(), d.readyDate && `готов ${d.readyDate}`]
      .filter(Boolean)
      .join(', ');
  if (type === 'PICKUP') return [pointTitle(d.kind, d.point ?? ''), d.address].filter(Boolean).join(', ');
  return [d.address, d.date, d.time?.replace('-', '–')].filter(Boolean).join(', ') || 'не указана';
}

type PlacedOrder = Pick<LockedOrder, 'deliveryType' | 'delivery'>;

/** Whether the change is one of a delivery's place that this module makes (the rest is the service's own). */
export function isPlaceChange(order: PlacedOrder, change: DeliveryEdit): boolean {
  const was = order.delivery as KeptDelivery;
  if (change.shopId !== undefined || change.pointId !== undefined) return true;
  return (
    order.deliveryType === 'COURIER' &&
    Boolean(was.carrier) &&
    change.address !== undefined &&
    change.address !== was.address
  );
}

/** What the card's delivery controls read (outside a transaction). */
export interface DeliveryEditReads {
  /** The shops (type `shop`) a pickup order may wait at, by name. */
  shops(): Promise<{ id: number; name: string; address: string }[]>;
  /** The points the carrier of this point lists in its town now, by name (the point itself among them). */
  points(pointId: number): Promise<{ id: number; name: string; address: string; kind: 'point' | 'locker' }[]>;
  /** The order's delivery and its lines still bought, each with its packed facts; null for no such order. Unlocked. */
  parcelOfOrder(orderId: number): Promise<(PlacedOrder & { lines: { quantity: number; facts: ParcelFacts }[] }) | null>;
}

/** The card's choices of another place: the shops within the member's reach, the carrier's points in the town. */
export async function placeOptions(
  reads: DeliveryEditReads,
  member: StaffMember,
  card: { deliveryType: DeliveryType; delivery: unknown },
) {
  const d = card.delivery as KeptDelivery;
  const shops =
    card.deliveryType === 'SHOP' ? (await reads.shops()).filter((s) => can(member, 'orders.move', s.id)) : null;
  const points = card.deliveryType === 'PICKUP' && d.carrier && d.pointId ? await reads.points(d.pointId) : null;
  return { shops, points };
}

/** The carrier's answer for the order's town and its parcel's weight band, asked before the order's transaction. */
export interface QuotedAhead {
  townCode: string;
  band: number;
  quotes: Record<CarrierKind, KindQuote | null> | null;
}

export interface PlaceDeps {
  /** Whether carriers are quoted at all; without, a carrier's delivery is charged at the table's price. */
  quoting: boolean;
  /** The carrier's answer for this change (`quoteAhead`). */
  ahead: QuotedAhead | null;
}

const townOfCode = (code: string): CarrierTown => ({
  code,
  name: '',
  region: '',
  lat: null,
  lon: null,
  postcode: null,
});

/**
 * A change of a carrier's point or courier address asks the carrier before the order's transaction: a slow carrier
 * must not hold the order's lock while it answers — nor, on the embedded database, the shop's one connection, through
 * which the quotes keep and read the last good prices (a wait on itself). Null when the change asks no carrier.
 */
export async function quoteAhead(
  quotes: Quotes | undefined,
  reads: Pick<DeliveryEditReads, 'parcelOfOrder'>,
  orderId: number,
  change: DeliveryEdit,
): Promise<QuotedAhead | null> {
  if (!quotes || change.shopId !== undefined) return null;
  const order = await reads.parcelOfOrder(orderId);
  const townCode = (order?.delivery as KeptDelivery | undefined)?.townCode;
  if (!order || !townCode || !isPlaceChange(order, change)) return null;
  const parcel = parcelOf(order.lines);
  return { townCode, band: weightBand(parcel.weight), quotes: await quotes.carrier(townOfCode(townCode), parcel) };
}

/**
 * The carrier's answer for the parcel as the order's transaction reads it. The lines changed since it was asked
 * (another weight band, another town): refused, to be asked again, rather than the carrier called under the lock.
 */
export function quotesFor(
  { quoting, ahead }: PlaceDeps,
  was: KeptDelivery,
  parcel: Parcel,
): Record<CarrierKind, KindQuote | null> | null {
  if (!was.townCode || !quoting) return null;
  if (!ahead || ahead.townCode !== was.townCode || ahead.band !== weightBand(parcel.weight))
    throw new DomainError(
      'conflict',
      'Заказ изменился, пока перевозчик считал доставку: повторите изменение.',
      'ORDER_CHANGED',
    );
  return ahead.quotes;
}

/** What the service's money part does with the new lines' sums (its `priced`, `settle` and the sums' write). */
export interface PlaceMoney {
  /** Prices the lines with this delivery price and settles an online payment; answers the total, a refund, a top-up. */
  apply(deliveryPrice: number): Promise<{
    total: number;
    refund: { id: number; amount: number } | null;
    topUp: { amount: number } | null;
  }>;
}

const sizeText = (l: EditLine) => `${l.name}, размер ${l.sizeName}`;

/** A carrier's quote of a kind to the order's town for the lines' parcel, with the shop's markup. */
function quoteOf(
  deps: PlaceDeps,
  was: KeptDelivery,
  parcel: Parcel,
  kind: 'courier' | 'point' | 'locker',
  table: DeliveryPrices,
): KindQuote {
  const quotes = quotesFor(deps, was, parcel);
  const type = kind === 'courier' ? 'COURIER' : 'PICKUP';
  const quote = withShopRules(
    // As checkout: a carrier without a locker's own price takes a locker's parcel at its point's.
    (kind === 'locker' ? (quotes?.locker ?? quotes?.point) : quotes?.[kind]) ?? null,
    table[type],
    kind === 'courier' ? 'COURIER' : kind === 'locker' ? 'LOCKER' : 'PICKUP',
  );
  if (!quote)
    throw new DomainError(
      'conflict',
      'Этот вид доставки магазин сейчас не предлагает: изменить его нельзя.',
      'DELIVERY_NOT_OFFERED',
    );
  return quote;
}

const keptQuote = (q: KindQuote) => ({ price: q.price, daysMin: q.daysMin, daysMax: q.daysMax, source: q.source });

/**
 * Changes where the order goes: another shop (its units move there), another point of its carrier, a carrier
 * courier's other address (with its day and time, when given). The delivery is quoted again where a carrier prices it,
 * its price follows checkout's rules, the sums and an online payment follow through `money`.
 */
export async function changePlace(
  deps: PlaceDeps,
  ctx: RequestContext,
  repos: TransactionRepositories,
  order: LockedOrder,
  change: DeliveryEdit,
  member: StaffMember,
  lines: EditLine[],
  money: PlaceMoney,
) {
  const was = order.delivery as KeptDelivery;
  const table = await repos.orderEdits.deliveryPrices();
  let now: KeptDelivery;
  let reservedUntil: Date | null | undefined;
  if (change.shopId !== undefined) {
    if (order.deliveryType !== 'SHOP')
      throw new DomainError(
        'validation',
        'Магазин меняется только у заказа с самовывозом из магазина.',
        'SHOP_NOT_ASKED',
      );
    if (change.shopId === was.shopId)
      throw new DomainError('validation', 'Заказ уже ждёт в этом магазине: выберите другой.', 'NOTHING_CHANGED');
    // Both shops' orders are the member's to move: a shop's staff only when their grant reaches both.
    if (!can(member, 'orders.move', change.shopId))
      throw new DomainError('forbidden', 'Переносить заказы в этот магазин вам нельзя.', 'SHOP_FORBIDDEN');
    ({ now, reservedUntil } = await moveToShop(ctx, repos, order, change.shopId, lines, member));
  } else if (change.pointId !== undefined) {
    if (order.deliveryType !== 'PICKUP' || !was.carrier)
      throw new DomainError('validation', 'Пункт выдачи меняется только у заказа в пункт выдачи.', 'POINT_NOT_ASKED');
    if (change.pointId === was.pointId)
      throw new DomainError('validation', 'Заказ уже едет в этот пункт: выберите другой.', 'NOTHING_CHANGED');
    const [point, old] = await Promise.all([
      repos.orderEdits.point(change.pointId),
      was.pointId ? repos.orderEdits.point(was.pointId) : null,
    ]);
    if (!point?.listed || point.carrier !== was.carrier || (old && old.cityId !== point.cityId))
      throw new DomainError(
        'validation',
        'Такого пункта выдачи нет у перевозчика заказа в его городе: выберите пункт из списка.',
        'POINT_UNKNOWN',
      );
    const parcel = await parcelOfLines(repos, lines);
    if (!pointTakes(point, parcel))
      throw new DomainError(
        'conflict',
        'Этот пункт не примет посылку такого веса: выберите другой.',
        'POINT_TOO_HEAVY',
      );
    const quote = quoteOf(deps, was, parcel, point.kind, table);
    const tryOn = Boolean(was.tryOn) && point.tryOn;
    now = {
      ...was,
      pointId: point.id,
      point: point.name,
      address: point.address,
      pointCode: point.code,
      kind: point.kind,
      tryOn,
      partial: Boolean(was.partial) && tryOn,
      quote: keptQuote(quote),
    };
  } else {
    // A carrier courier's other address in the order's town: the carrier is asked again for the parcel as it is now.
    // Its code and price are the town's, so another town's address is refused, as checkout refuses it.
    const address = change.address as string;
    const townOf = (text: string | undefined) => text?.split(',')[0] ?? '';
    if (!sameTown(townOf(address), townOf(was.address)))
      throw new DomainError(
        'validation',
        `Адрес не в городе доставки «${townOf(was.address).trim()}»: перевозчик везёт заказ в этот город. Чтобы доставить в другой, отмените заказ и оформите новый.`,
        'ADDRESS_OTHER_TOWN',
      );
    const quote = quoteOf(deps, was, await parcelOfLines(repos, lines), 'courier', table);
    now = { ...was, address, quote: keptQuote(quote) };
    delete (now as { addressId?: number }).addressId;
    if (change.date !== undefined || change.time !== undefined) {
      const date = change.date ?? was.date ?? '';
      const time = change.time ?? was.time ?? '';
      if (!intervalStillValid(courierIntervals(ctx.now(), MOSCOW, { sameDayStock: false }), date, time))
        throw new DomainError(
          'validation',
          'Такого интервала доставки нет: выберите день и время из предложенных.',
          'INTERVAL_DELIVERY',
        );
      now = { ...now, date, time };
    }
  }
  const price = deliveryPriceFor(table, order.deliveryType, now, goodsOf(lines), order.deliveryPrice);
  await repos.orderEdits.writeDelivery(order.id, now, price, reservedUntil);
  const { total, refund, topUp } = await money.apply(price);
  const beforeText = placeText(order.deliveryType, was);
  const afterText = placeText(order.deliveryType, now);
  const priceText =
    price === order.deliveryPrice
      ? ''
      : ` Стоимость доставки: ${formatAmount(order.deliveryPrice)} → ${formatAmount(price)}; итого: ${formatAmount(order.total)} → ${formatAmount(total)}.`;
  await repos.orders.addNote(
    order.id,
    member.staffId,
    `Доставка изменена. Было: ${beforeText}. Стало: ${afterText}.${priceText}${refund ? ` Возврат ${formatAmount(refund.amount)}.` : ''}${topUp ? ` Ожидается доплата ${formatAmount(topUp.amount)}.` : ''}`,
  );
  const letter = [
    afterText,
    `Доставка: ${price > 0 ? formatAmount(price) : 'бесплатно'}`,
    ...(total !== order.total ? [`Итого: ${formatAmount(total)}`] : []),
    ...(refund
      ? [`Разницу ${formatAmount(refund.amount)} вернём на карту, которой оплачен заказ, в течение нескольких дней.`]
      : []),
    ...(topUp ? [`Доплатите ${formatAmount(topUp.amount)} по ссылке на странице заказа.`] : []),
  ];
  const before: Record<string, unknown> = {
    delivery: beforeText,
    deliveryPrice: order.deliveryPrice,
    total: order.total,
  };
  const after: Record<string, unknown> = {
    delivery: afterText,
    deliveryPrice: price,
    total,
    ...(refund ? { refundId: refund.id, refund: refund.amount } : {}),
    ...(topUp ? { topUp: topUp.amount } : {}),
  };
  return { letter, before, after };
}

async function parcelOfLines(repos: TransactionRepositories, lines: EditLine[]): Promise<Parcel> {
  const facts = await repos.orderEdits.parcels(lines.map((l) => l.offerId));
  return parcelOf(lines.map((l) => ({ quantity: l.quantity, facts: facts.get(l.offerId) ?? DEFAULT_PARCEL })));
}

/**
 * The order's units go back where they were taken from and are taken at the new shop (its own stock first, as
 * checkout takes them): the stock rows locked first, offer by offer and store by store, as every order change does.
 */
async function moveToShop(
  ctx: RequestContext,
  repos: TransactionRepositories,
  order: LockedOrder,
  shopId: number,
  lines: EditLine[],
  member: StaffMember,
) {
  const offers = [...new Set(lines.map((l) => l.offerId))].sort((a, b) => a - b);
  await repos.orderEdits.lockStock(offers);
  const move = {
    orderId: order.id,
    staffId: member.staffId,
    reason: `Перенос заказа № ${orderNumber(order.id)} в другой магазин`,
  };
  await repos.stock.release(await repos.orders.takenStock(order.id, offers), { kind: 'cancel', ...move });
  const units = new Map<number, number>();
  for (const l of lines) units.set(l.offerId, (units.get(l.offerId) ?? 0) + l.quantity);
  const wanted = [...units].map(([offerId, quantity]) => ({ offerId, quantity }));
  const shop = await repos.orderEdits.shopFor(shopId, wanted);
  if (!shop)
    throw new DomainError(
      'conflict',
      'В этот магазин заказ перенести нельзя: ни в нём, ни на складах, откуда он получает товар, нет всех размеров заказа.',
      'SHOP_LACKS_SIZE',
    );
  const taken: Allocation[] = [];
  for (const [offerId, quantity] of units) {
    const got = await repos.stock.take(offerId, quantity, shopId, { kind: 'order', ...move });
    if (!got) {
      const line = lines.find((l) => l.offerId === offerId) as EditLine;
      throw new DomainError(
        'conflict',
        `В этот магазин заказ перенести нельзя: ${sizeText(line)} — столько нет ни в магазине, ни на складе, откуда его привозят.`,
        'SHOP_LACKS_SIZE',
      );
    }
    taken.push(...got);
  }
  await repos.orderEdits.addTaken(order.id, taken);
  const ready = shopReady(ctx.now(), shop, shop.source);
  if (!ready)
    throw new DomainError('conflict', 'Этот магазин закрыт ближайшую неделю: выберите другой.', 'SHOP_CLOSED');
  return {
    now: {
      shopId,
      shop: `${shop.name}, ${shop.address}`,
      readyDate: specDate(ready.date),
      reservedUntil: ready.reservedUntil.toISOString(),
    } satisfies KeptDelivery,
    reservedUntil: ready.reservedUntil,
  };
}
