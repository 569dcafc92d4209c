import { CARD_START_PERCENT } from '../cabinet/discount-card';
import { type Company, formatHotline } from './company';
import {
  clockOf,
  COURIER_DAYS,
  COURIER_SLOTS,
  DELIVERY_BORDER,
  MOVEMENT_DAYS,
  RESERVE_TIME_BORDER,
  SHOP_KEEP_DAYS,
} from '../delivery/schedule';
import { DELIVERY_NAMES, type DeliveryType } from '../order/process';
import { formatPrice } from '../pricing/price';
import { BONUS_MAX_SHARE_PERCENT } from '../pricing/totals';
import { dayCount } from '../text/plural';
import { bonusPromises } from './bonus-promises';

export type DeliveryPrices = Partial<Record<DeliveryType, { price: number; freeFrom: number | null }>>;

const cost = (price: number) => (price === 0 ? 'бесплатно' : formatPrice(price));

/** When an order of each type arrives, as the checkout's schedule counts it. */
const WHEN: Record<DeliveryType, string> = {
  COURIER: `на следующий день при заказе до ${clockOf(DELIVERY_BORDER)}, в выбранный интервал в пределах ${dayCount(COURIER_DAYS)}`,
  PICKUP: 'в пункт выдачи вашего города; когда заказ придёт, пришлём SMS',
  POCHTA: 'в сроки Почты России; трек-номер пришлём в SMS',
  SHOP: `в тот же день при заказе до ${clockOf(RESERVE_TIME_BORDER)}, если размер есть в магазине, иначе через ${dayCount(MOVEMENT_DAYS)}; магазин хранит заказ ${dayCount(SHOP_KEEP_DAYS)}`,
};

/**
 * The numbers the information pages quote, each read from the rule or the data that applies it: the pages say
 * what checkout and pricing do, never a copy that drifts; the company's requisites come from the settings. A page
 * writes `{{courier_price}}`, `{{delivery_table}}`.
 */
export function contentFacts(prices: DeliveryPrices, company: Company): Record<string, string> {
  const types = Object.keys(DELIVERY_NAMES) as DeliveryType[];
  const price = (type: DeliveryType) => {
    const p = prices[type];
    if (!p) return 'не доставляем';
    return p.freeFrom !== null ? `${cost(p.price)}, от ${formatPrice(p.freeFrom)} — бесплатно` : cost(p.price);
  };
  const bonuses = bonusPromises();
  const rows = types
    .filter((type) => prices[type])
    .map((type) => `| ${DELIVERY_NAMES[type]} | ${price(type)} | ${WHEN[type]} |`);
  return {
    delivery_table: ['| Способ | Стоимость | Срок |', '| --- | --- | --- |', ...rows].join('\n'),
    courier_price: price('COURIER'),
    courier_free_from: prices.COURIER?.freeFrom != null ? formatPrice(prices.COURIER.freeFrom) : '—',
    pickup_price: price('PICKUP'),
    post_price: price('POCHTA'),
    shop_price: price('SHOP'),
    courier_cutoff: clockOf(DELIVERY_BORDER),
    courier_days: String(COURIER_DAYS),
    courier_slots: COURIER_SLOTS.map((s) => s.replace('-', '–')).join(', '),
    reserve_cutoff: clockOf(RESERVE_TIME_BORDER),
    shop_keep_days: String(SHOP_KEEP_DAYS),
    movement_days: String(MOVEMENT_DAYS),
    bonus_accrual: bonuses.rule,
    bonus_per_purchase: bonuses.perPurchase && `${bonuses.perPurchase}.`,
    bonus_max_share_percent: `${BONUS_MAX_SHARE_PERCENT} %`,
    card_start_percent: `${CARD_START_PERCENT} %`,
    company_name: company.name,
    company_inn: company.inn,
    company_ogrn: company.ogrn,
    company_address: company.address,
    hotline_phone: formatHotline(company.hotline),
  };
}

/** Replaces `{{name}}` with its fact; an unknown name stays as written, so the page's editor sees it. */
export function fillFacts(text: string, facts: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(facts, name) ? (facts[name] ?? whole) : whole,
  );
}
