import { z } from 'zod';
import { lines, MAX_INT4, optional, positiveInt } from '../input';

export const STOCK_DOCUMENT_KINDS = ['receipt', 'writeoff', 'stocktake', 'transfer'] as const;
export type StockDocumentKind = (typeof STOCK_DOCUMENT_KINDS)[number];

export const STOCK_DOCUMENT_TITLES: Readonly<Record<StockDocumentKind, string>> = {
  receipt: 'Поступление',
  writeoff: 'Списание',
  stocktake: 'Инвентаризация',
  transfer: 'Перемещение',
};

const WRONG_QUANTITY = 'Количество — целое число не меньше нуля.';
/** A line's quantity: a whole number ≥ 0 from JSON or a form field's digits (trimmed first); `missing` answers no value. */
export const quantityNumber = (missing = WRONG_QUANTITY) =>
  z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? missing : WRONG_QUANTITY) })
    .refine((v) => typeof v === 'number' || /^\d{1,9}$/.test(v), WRONG_QUANTITY)
    .transform(Number)
    .pipe(
      z
        .number({ error: WRONG_QUANTITY })
        .int(WRONG_QUANTITY)
        .min(0, WRONG_QUANTITY)
        .max(1_000_000, 'Количество — не больше 1 000 000.'),
    );
const wholeQuantity = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  quantityNumber('Укажите количество.'),
);

export const MAX_DOCUMENT_LINES = 200;

/** A document's kind and store, and a transfer's receiving store: the fields of a document and of a new draft. */
export const stockDocumentPlaces = {
  kind: z.enum(STOCK_DOCUMENT_KINDS, {
    error: 'Выберите вид документа: поступление, списание, инвентаризация или перемещение.',
  }),
  storeId: positiveInt('Выберите склад.', 'Склад — номер из списка.'),
  toStoreId: optional(positiveInt('Выберите склад, куда перемещать.', 'Склад назначения — номер из списка.')),
};

/** A transfer goes to another store; any other kind has no receiving store. */
export function checkStockDocumentPlaces(
  doc: { kind: StockDocumentKind; storeId: number; toStoreId?: number },
  ctx: z.RefinementCtx,
): void {
  if (doc.kind === 'transfer') {
    if (doc.toStoreId === undefined)
      ctx.addIssue({ code: 'custom', path: ['toStoreId'], message: 'Выберите склад, куда перемещать.' });
    else if (doc.toStoreId === doc.storeId)
      ctx.addIssue({ code: 'custom', path: ['toStoreId'], message: 'Переместить можно только на другой склад.' });
  } else if (doc.toStoreId !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['toStoreId'],
      message: 'Склад назначения указывают только при перемещении.',
    });
}

/** A stock document (the API's JSON and the page's form alike). */
export const stockDocumentInput = z
  .object({
    ...stockDocumentPlaces,
    reason: lines({ error: 'Укажите причину.' }).min(1, 'Укажите причину.').max(500, 'Причина — до 500 символов.'),
    lines: z
      .array(
        z.object({
          offerId: positiveInt('Укажите размер (offerId).', 'offerId — целое число.', MAX_INT4),
          quantity: wholeQuantity,
        }),
        { error: 'Добавьте строки документа: размер и количество.' },
      )
      .min(1, 'В документе нет ни одной строки с количеством.')
      .max(MAX_DOCUMENT_LINES, `В документе — не больше ${MAX_DOCUMENT_LINES} строк.`),
    /** The caller's key (issue 47.4): the same key posts one document, however often it is sent. */
    idempotencyKey: optional(
      z
        .string({ error: 'idempotencyKey — строка.' })
        .regex(/^[\w.:-]{8,100}$/, 'idempotencyKey — от 8 до 100 латинских букв, цифр, «-», «_», «.», «:».'),
    ),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<number>();
    doc.lines.forEach((line, i) => {
      if (seen.has(line.offerId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'offerId'],
          message: 'Один размер — одна строка документа.',
        });
      seen.add(line.offerId);
      if (doc.kind !== 'stocktake' && line.quantity === 0)
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: 'Количество — больше нуля.' });
    });
    checkStockDocumentPlaces(doc, ctx);
  });
export type StockDocumentInput = z.infer<typeof stockDocumentInput>;

const id = (name: string) => optional(positiveInt(`Укажите ${name}.`, `${name} — целое число.`));

/** `GET stock/`: a product's (or one offer's) sizes by store. */
export const stockQueryInput = z
  .object({ productId: id('productId'), offerId: id('offerId'), storeId: id('storeId') })
  .refine((q) => q.productId !== undefined || q.offerId !== undefined, {
    message: 'Укажите productId или offerId.',
  });

/** `GET stock/movements/`: the history, newest first, `before` a movement id. */
export const movementsQueryInput = z.object({
  offerId: id('offerId'),
  storeId: id('storeId'),
  before: optional(positiveInt('Укажите before.', 'before — номер движения.', Number.MAX_SAFE_INTEGER)),
  limit: optional(positiveInt('Укажите limit.', 'limit — целое число от 1 до 100.', 100)),
});
