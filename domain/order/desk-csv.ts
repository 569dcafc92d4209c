import { formatDate, zoneName } from '../text/dates';
import { formatAmount } from '../pricing/price';
import type { DeskListItem } from './desk';

/** The columns, the date on the reader's clock as Excel reads a date («31.12.2026, 18:05»), its zone in the title. */
const columns = (timeZone: string): readonly [string, (o: DeskListItem) => string][] => [
  ['Номер', (o) => o.number],
  [`Дата (${zoneName(timeZone)})`, (o) => formatDate(o.createdAt, 'dateTime', timeZone)],
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
export function ordersCsv(timeZone: string) {
  const all = columns(timeZone);
  return {
    header: () => `\uFEFF${line(all.map(([title]) => title))}`,
    rows: (orders: DeskListItem[]) => orders.map((o) => line(all.map(([, pick]) => pick(o)))).join(''),
  };
}
