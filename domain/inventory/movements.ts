/**
 * What changed a store's stock (issue 28.2). Every change is one movement row; the quantity is their sum
 * (db/schema/stock.ts, migration 0029's triggers).
 */
export const MOVEMENT_KINDS = [
  'order',
  'reservation',
  'cancel',
  'import',
  'receipt',
  'writeoff',
  'stocktake',
  'transfer',
  'other',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_TITLES: Readonly<Record<MovementKind, string>> = {
  order: 'Заказ',
  reservation: 'Резерв в магазине',
  cancel: 'Возврат на склад (отмена, возврат)',
  import: 'Обмен с 1С',
  receipt: 'Поступление',
  writeoff: 'Списание',
  stocktake: 'Инвентаризация',
  transfer: 'Перемещение',
  other: 'Прочее',
};

/** What the writer of a stock change says of it; the triggers copy it onto each movement the change makes. */
export interface StockMove {
  kind: MovementKind;
  reason?: string;
  staffId?: number | null;
  orderId?: number | null;
  documentId?: number | null;
}
