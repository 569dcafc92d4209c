import { formatAmount } from '../pricing/price';
import type { DeskListItem } from './desk';

/** Moscow time, as the desk shows it and Excel reads it as a date. */
const AT = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  dateStyle: 'short',
  timeStyle: 'short',
});

const COLUMNS: readonly [string, (o: DeskListItem) => string][] = [
  ['Номер', (o) => o.number],
  ['Дата', (o) => AT.format(new Date(o.createdAt))],
  ['Статус', (o) => o.statusName],
  ['Получение', (o) => o.deliveryName],
  ['Куда', (o) => o.place],
  ['Покупатель', (o) => o.customer.name],
  ['Телефон', (o) => o.customer.phone],
  ['Email', (o) => o.customer.email],
  ['Сумма', (o) => formatAmount(o.total)],
];

/**
 * A cell as Excel reads it safely: text that begins like a formula (`=`, `+`, `-`, `@`, or a tab or return before
 * one) gets a leading apostrophe, since names and addresses come from shoppers; quotes are doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: string[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** The orders desk's CSV (issue 25.3): UTF-8 with a BOM and `;`, so Excel in Russian opens it with Cyrillic intact. */
export function ordersCsv() {
  return {
    header: () => `\uFEFF${line(COLUMNS.map(([title]) => title))}`,
    rows: (orders: DeskListItem[]) => orders.map((o) => line(COLUMNS.map(([, pick]) => pick(o)))).join(''),
  };
}
