import type { OrderStatus } from '../order/process';
import { normalName } from './catalogue-mapping';
import { STATUS_NAMES } from '../order/process';
import type { ImportIssue } from './ports';

/**
 * What one `Документ` of 1C's orders file (the sale exchange's `mode=file` + `mode=import`, issue 26) says of an order
 * of the shop, as plain facts, independent of XML. Each fact is what 1C wrote; the import decides what it means.
 */
export interface OrderStatusRecord {
  /** The order as 1C names it (`Номер`, or `Ид` when there is no number): the error's `id` in the log. */
  ref: string;
  /** The shop's order the document names, null when it names none (1C's own order, or no number). */
  orderId: number | null;
  /** «Статус заказа» as 1C wrote it. */
  statusText: string | null;
  /** `Проведен` true: 1C posted the order, the shop's «confirmed». */
  confirmed: boolean;
  /** «Дата оплаты по 1С» (or «Оплачен» true without a date). */
  paid: { date: string | null } | null;
  /** «Дата отгрузки по 1С», with the tracking number when 1C gives one. */
  shipped: { date: string | null; trackingNumber: string | null } | null;
  /** «Финальный статус» true. */
  completed: boolean;
  /** «Отменен» true or a deletion mark, with 1C's reason or comment when given. */
  cancelled: { reason: string | null } | null;
}

/** One file of orders applied: how many orders changed, how many were already as 1C says, the refusals by number. */
export interface SaleFileResult {
  records: number;
  changed: number;
  unchanged: number;
  errors: ImportIssue[];
}

/** The `exchange_log` row of a sale file (type `sale`). */
export interface SaleLogEntry {
  sessionKey: string;
  staffId: number | null;
  fileName: string;
  startedAt: Date;
  finishedAt: Date;
  result: SaleFileResult;
}

export interface SaleLog {
  record(entry: SaleLogEntry): Promise<void>;
}

/** The shop's order id of a number it handed to 1C (`orderNumber`: 100 000 + id), or null for another number. */
export function orderIdOfNumber(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  // Exactly as the shop writes it: no leading zeros (1C's «000100345» is 1C's own number), within the ids' range.
  if (!/^[1-9]\d{5,9}$/.test(text)) return null;
  const id = Number(text) - 100_000;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

// 1C-Bitrix writes its statuses as «[F] Выполнен».
const normal = (text: string) => normalName(text.replace(/^\s*\[[^\]]*\]\s*/, ''));

/** Status names 1C setups use besides the shop's own (which 1C got in the orders the shop handed over). */
const STATUS_WORDS: Record<string, OrderStatus> = {
  подтвержден: 'confirmed',
  согласован: 'confirmed',
  'в работе': 'confirmed',
  'в сборке': 'assembling',
  комплектуется: 'assembling',
  отгружен: 'shipped',
  отправлен: 'shipped',
  'в пути': 'shipped',
  'готов к выдаче': 'ready',
  выполнен: 'completed',
  завершен: 'completed',
  закрыт: 'completed',
  доставлен: 'completed',
  отменен: 'cancelled',
  отклонен: 'cancelled',
  возвращен: 'returned',
};

const BY_NAME = new Map<string, OrderStatus>([
  ...Object.entries(STATUS_WORDS),
  ...(Object.entries(STATUS_NAMES) as [OrderStatus, string][]).map(([state, name]) => [normal(name), state] as const),
]);

/** The shop's state a «Статус заказа» text names, or null for a text the shop does not know. */
export function statusOfText(text: string | null): OrderStatus | null {
  return text ? (BY_NAME.get(normal(text)) ?? null) : null;
}

/** A 1C date as the staff read it: «2026-11-26T10:00:00» → «26.11.2026»; 1C's empty date («T», year 1) → null. */
export function dateOf1C(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text || text === 'T' || /^0001-01-01/.test(text)) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  return /^\d{2}\.\d{2}\.\d{4}/.test(text) ? text.slice(0, 10) : text;
}
