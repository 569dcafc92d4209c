import { z } from 'zod';
import { line, lines, MAX_INT4, optional, positiveInt } from '../input';
import {
  checkStockDocumentPlaces,
  MAX_DOCUMENT_LINES,
  quantityNumber,
  STOCK_DOCUMENT_KINDS,
  stockDocumentPlaces,
} from './stock-documents.schemas';

/** Issue 47.4: a stock document entered as staff make it — a draft, its lines, then posted once. */

export const STOCK_DOCUMENT_STATUSES = ['draft', 'posted'] as const;
export type StockDocumentStatus = (typeof STOCK_DOCUMENT_STATUSES)[number];
export const STOCK_DOCUMENT_STATUS_TITLES: Readonly<Record<StockDocumentStatus, string>> = {
  draft: 'Черновик',
  posted: 'Проведён',
};

/** A whole number ≥ 0, or nothing (an emptied cell of the grid: the size leaves the document). */
const cellQuantity = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
  z.union([z.null(), quantityNumber()]),
);

const reason = lines({ error: 'Причина — текст.' }).max(500, 'Причина — до 500 символов.');

/** A new draft: its kind and store (and a transfer's receiving store); the reason may come later. */
export const stockDraftInput = z
  .object({ ...stockDocumentPlaces, reason: optional(reason) })
  .superRefine(checkStockDocumentPlaces);
export type StockDraftInput = z.infer<typeof stockDraftInput>;

/** A draft's change: its reason, and the sizes whose quantity is set (null: the size leaves the document). */
export const stockDraftUpdateInput = z
  .object({
    reason: optional(reason),
    lines: z
      .array(
        z.object({
          offerId: positiveInt('Укажите размер (offerId).', 'offerId — целое число.', MAX_INT4),
          quantity: cellQuantity,
        }),
        { error: 'Строки документа — список размеров с количеством.' },
      )
      .max(MAX_DOCUMENT_LINES, `В документе — не больше ${MAX_DOCUMENT_LINES} строк.`)
      .default([]),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<number>();
    doc.lines.forEach((l, i) => {
      if (seen.has(l.offerId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'offerId'],
          message: 'Один размер — одна строка документа.',
        });
      seen.add(l.offerId);
    });
  });
export type StockDraftUpdateInput = z.infer<typeof stockDraftUpdateInput>;

/** A scanned or typed code: an offer's barcode (EAN-13) adds `quantity` (1) of that size; an article adds its sizes. */
export const stockScanInput = z.object({
  code: line({ error: 'Отсканируйте штрихкод или введите артикул.' })
    .min(1, 'Отсканируйте штрихкод или введите артикул.')
    .max(100, 'Штрихкод или артикул — до 100 символов.'),
  quantity: optional(positiveInt('Укажите количество.', 'Количество — целое число больше нуля.', 1_000_000)),
});
export type StockScanInput = z.infer<typeof stockScanInput>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  optional(z.string().refine((v) => DAY.test(v) && !Number.isNaN(Date.parse(v)), `${name} — дата ГГГГ-ММ-ДД.`));
const id = (name: string) => optional(positiveInt(`Укажите ${name}.`, `${name} — целое число.`));

/** `GET stock/documents/`: by kind, store, author, status and days (the shop's calendar, Moscow's by default). */
export const stockDocumentsQueryInput = z.object({
  kind: optional(z.enum(STOCK_DOCUMENT_KINDS, { error: 'kind — receipt, writeoff, stocktake или transfer.' })),
  status: optional(z.enum(STOCK_DOCUMENT_STATUSES, { error: 'status — draft или posted.' })),
  storeId: id('storeId'),
  staffId: id('staffId'),
  from: day('from'),
  to: day('to'),
  page: optional(positiveInt('Укажите page.', 'page — номер страницы.', 100_000)),
});
export type StockDocumentsQuery = z.infer<typeof stockDocumentsQueryInput>;
