import { DELIVERY_BORDER, RESERVE_TIME_BORDER, type ShopClock, shopReady } from '../delivery/schedule';
import type { ShopSource } from '../inventory/shop-serves';

/** How a shop's stock of a size reads in the reserve dialog: «много» from 3, «мало» 1–2, «нет». */
export type QuantityState = 'many' | 'few' | 'none';
export const quantityState = (quantity: number): QuantityState =>
  quantity >= 3 ? 'many' : quantity > 0 ? 'few' : 'none';

export interface Collection {
  /** The shop's calendar date («YYYY-MM-DD») the item can be collected from. */
  date: string;
  /** «сегодня до 21:00», «завтра», «с 27 ноября». */
  text: string;
}

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/**
 * When a reserved size can be collected, as `shopReady` (the order page and the saved order) says, in the dialog's
 * words; null when the shop cannot serve it (`shopServes`) or does not open within a week.
 */
export function collection(now: Date, shop: ShopClock, source: ShopSource | null): Collection | null {
  const ready = source && shopReady(now, shop, source);
  if (!ready) return null;
  const [, month, day] = ready.date.split('-').map(Number) as [number, number, number];
  const text =
    ready.days === 0
      ? ready.closes
        ? `сегодня до ${ready.closes}`
        : 'сегодня'
      : ready.days === 1
        ? 'завтра'
        : `с ${day} ${MONTHS[month - 1]}`;
  return { date: ready.date, text };
}

/** The spec §3 Reserve object's constants. */
export const RESERVE_PARAMS = { deliveryBorder: DELIVERY_BORDER, reserveTimeBorder: RESERVE_TIME_BORDER } as const;
