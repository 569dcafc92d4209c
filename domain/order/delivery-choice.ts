import type { RequestContext } from '../context';
import {
  courierIntervals,
  DELIVERY_TODAY_MIN_COUNT,
  intervalStillValid,
  shopReady,
  specDate,
} from '../delivery/schedule';
import { MOSCOW } from '../text/dates';
import type { SaveInput } from './checkout.types';
import { orderError } from './order-errors';
import type { CheckoutRepository, OrderLineFacts } from './ports';
import { ownerOf } from './shopper';
import { addressTypeFor } from '../cabinet/addresses';
import type { BasketQuotes } from '../delivery/quotes';
import type { DeliveryOffer } from './carrier-delivery';

/**
 * The delivery a save chose, checked against what the lines allow now and written as the order keeps it: the
 * address and slot, the shop and its ready day, or the pickup point. `reservation`: only shops that put items aside.
 */
export async function deliveryOf(
  repo: CheckoutRepository,
  ctx: RequestContext,
  input: SaveInput,
  lines: OrderLineFacts[],
  reservation = false,
  offer?: DeliveryOffer,
) {
  // Which price a carrier delivery was charged at, kept with the order (issue 42.5).
  const quoteOf = (kind: keyof BasketQuotes) => {
    const q = offer?.quotes[kind];
    return q ? { quote: { price: q.price, daysMin: q.daysMin, daysMax: q.daysMax, source: q.source } } : {};
  };
  if (input.deliveryType === 'COURIER' || input.deliveryType === 'POCHTA') {
    const addresses = await repo.addresses(ownerOf(ctx));
    const address = addresses.find((a) => a.id === input.deliveryAddressId);
    // Saved addresses are courier ones or Russian Post ones (type POST).
    const wanted = addressTypeFor(input.deliveryType);
    if (!address || address.type !== wanted)
      throw orderError('ADDRESS_REQUIRED', 'Выберите адрес доставки или добавьте новый.');
    if (input.deliveryType === 'POCHTA') return { addressId: address.id, address: address.title, ...quoteOf('POCHTA') };
    const { warehouseStock } = await repo.shopsOf(
      ctx.city?.id ?? null,
      lines.map((l) => l.offerId),
    );
    const list = courierIntervals(ctx.now(), ctx.city?.timeZone ?? MOSCOW, {
      sameDayStock: sameDay(lines, warehouseStock),
    });
    const { deliveryIntervalDate: date = '', deliveryIntervalTime: time = '' } = input;
    if (!intervalStillValid(list, date, time))
      throw orderError('INTERVAL_DELIVERY', 'Выбранный интервал доставки больше недоступен. Выберите другой.');
    // A courier of the carrier's town: the carrier and its town code go with the order, for the shipment later; the
    // address must be in that town, or the carrier would be asked to drive to one town with another's code and price.
    const town = offer?.carrier && offer.town ? offer.town : null;
    if (town && !sameTown(address.city, town.name))
      throw orderError(
        'ADDRESS_REQUIRED',
        `Адрес не в городе доставки «${town.name}»: выберите адрес в нём или смените город доставки.`,
      );
    const carrier = town ? { carrier: offer?.carrier, townCode: town.code } : {};
    return { addressId: address.id, address: address.title, date, time, ...carrier, ...quoteOf('COURIER') };
  }
  if (input.deliveryType === 'SHOP') {
    const shop = input.deliveryShopId ? await repo.shopFor(input.deliveryShopId, lines) : null;
    if (!shop) throw orderError('SHOP_NOT_ALLOWED', 'В этот магазин заказ доставить нельзя: выберите другой.');
    if (reservation && !shop.reservable)
      throw orderError('SHOP_NOT_ALLOWED', 'Этот магазин не откладывает товары: выберите другой.');
    const ready = shopReady(ctx.now(), shop, shop.source);
    if (!ready) throw orderError('SHOP_NOT_ALLOWED', 'Этот магазин закрыт ближайшую неделю: выберите другой.');
    return {
      shopId: input.deliveryShopId,
      shop: `${shop.name}, ${shop.address}`,
      readyDate: specDate(ready.date),
      reservedUntil: ready.reservedUntil.toISOString(),
    };
  }
  // The town's carrier points that take the parcel (none without a carrier: pickup points are not offered then).
  const point = (offer?.points ?? []).find((p) => p.id === input.deliveryPickupPointId);
  if (!point) throw orderError('PICKUP_POINT_REQUIRED', 'Выберите пункт выдачи в своём городе.');
  const tryOn = (input.tryOn ?? point.fittingRoom) && point.tryOn;
  return {
    pointId: point.id,
    point: point.name,
    address: point.address,
    pointCode: point.code,
    kind: point.kind,
    carrier: offer?.carrier ?? '',
    townCode: offer?.town?.code ?? '',
    tryOn,
    partial: input.partial ?? tryOn,
    ...quoteOf(point.kind === 'locker' ? 'LOCKER' : 'PICKUP'),
  };
}

export type OrderDelivery = Awaited<ReturnType<typeof deliveryOf>>;

/** Lower case, «ё» as «е», without «г.» / «город»: how an address's city is matched to the carrier's town. */
const townKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/(^|[\s,])(город|г)(\.|(?=[\s,]|$))/g, ' ')
    .replace(/[\s,.-]+/g, ' ')
    .trim();

/** An address's city names the town: «г. Москва», «Москва г», «москва» all name «Москва». */
export const sameTown = (city: string, town: string) => townKey(city) === townKey(town);

/** Same-day courier only when every line can leave the online warehouse now (spec §9 minimum count too). */
export function sameDay(lines: OrderLineFacts[], warehouseStock: Map<number, number>): boolean {
  return (
    lines.length >= DELIVERY_TODAY_MIN_COUNT && lines.every((l) => (warehouseStock.get(l.offerId) ?? 0) >= l.quantity)
  );
}
