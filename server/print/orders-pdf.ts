// The one-PDF bulk print (issue 47.7), drawn with pdf-lib: packing lists and the shop's labels in DejaVu Sans (a font
// with Cyrillic, from the @fontsource/dejavu-sans package, read from node_modules: nothing is downloaded), the
// carriers' own PDF labels copied in page by page.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { LabelMissing, OrdersPdfInput, OrdersPdfMaker, PrintSheet } from '../../domain/order/bulk-pdf';
import type { OrderCard } from '../../domain/order/desk';
import { formatDate } from '../../domain/text/dates';
import { formatPhone } from '../../domain/auth/phone';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
} as const;

let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
/** The font files, read once per process. */
function fontFiles() {
  fontBytes ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontBytes;
}

/** A4 and A6 in points. */
const A4: [number, number] = [595.28, 841.89];
const A6: [number, number] = [297.64, 419.53];
const MARGIN = 40;
const INK = rgb(0, 0, 0);
const GREY = rgb(0.45, 0.45, 0.45);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text the font can draw: one line, no control characters. */
const clean = (text: string) =>
  Array.from(text, (ch) => ((ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f' ? ' ' : ch)).join('');

/** Lines of `text` no wider than `width` at `size` (a word longer than the width is cut by letters). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of clean(paragraph).split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) out.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
}

const phoneText = (phone: string) => (/^7\d{10}$/.test(phone) ? formatPhone(phone) : phone);
const fullName = (c: { name: string; lastName: string }) => `${c.name} ${c.lastName}`.trim();
const place = (card: OrderCard) => card.delivery.address ?? card.delivery.shop ?? card.delivery.point ?? '';
const slot = (card: OrderCard) =>
  card.delivery.date
    ? `${card.delivery.date}${card.delivery.time ? `, ${card.delivery.time.replace('-', '–')}` : ''}`
    : '';

/** A page written top down: `y` is where the next line's top is. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly size: [number, number],
    readonly fonts: Fonts,
    readonly margin = MARGIN,
  ) {
    this.page = doc.addPage(size);
    this.y = size[1] - margin;
  }
  get width() {
    return this.size[0] - 2 * this.margin;
  }
  newPage() {
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - this.margin;
  }
  /** Whether `height` more fits above the bottom margin. */
  fits(height: number) {
    return this.y - height >= this.margin;
  }
  /** Wrapped text at the left margin (or `x`), in `width`. */
  text(text: string, options: { size?: number; bold?: boolean; x?: number; width?: number; grey?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? this.margin;
    const lead = size * 1.3;
    for (const line of wrap(text, font, size, options.width ?? this.width - (x - this.margin))) {
      if (!this.fits(lead)) this.newPage();
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.grey ? GREY : INK });
      this.y -= lead;
    }
  }
  gap(height: number) {
    this.y -= height;
  }
}

/** The packing list's table: its columns and their widths (of the page's 515 points). */
const COLUMNS: { title: string; width: number }[] = [
  { title: '№', width: 26 },
  { title: 'Товар', width: 225 },
  { title: 'Размер', width: 62 },
  { title: 'Цвет', width: 82 },
  { title: 'Кол-во', width: 50 },
  { title: 'Собрано', width: 70 },
];
const CELL = 9;
const PAD = 4;

function tableRow(w: Writer, cells: string[], bold: boolean) {
  const font = bold ? w.fonts.bold : w.fonts.regular;
  const lines = cells.map((text, i) => wrap(text, font, CELL, (COLUMNS[i]?.width ?? 40) - 2 * PAD));
  const height = Math.max(...lines.map((l) => l.length)) * CELL * 1.3 + 2 * PAD;
  if (!w.fits(height)) return false;
  let x = w.margin;
  COLUMNS.forEach((column, i) => {
    w.page.drawRectangle({ x, y: w.y - height, width: column.width, height, borderColor: INK, borderWidth: 0.5 });
    (lines[i] ?? []).forEach((line, n) => {
      w.page.drawText(line, { x: x + PAD, y: w.y - PAD - CELL - n * CELL * 1.3, size: CELL, font, color: INK });
    });
    x += column.width;
  });
  w.y -= height;
  return true;
}

function packingList(doc: PDFDocument, fonts: Fonts, card: OrderCard, timeZone: string) {
  const w = new Writer(doc, A4, fonts);
  w.text(`Упаковочный лист — заказ № ${card.number}`, { size: 16, bold: true });
  w.gap(6);
  const facts: [string, string][] = [
    ['Заказ', `№ ${card.number} от ${formatDate(card.createdAt, 'dateTime', timeZone)}`],
    ['Получатель', `${fullName(card.customer)}, ${phoneText(card.customer.phone)}`],
    [card.deliveryName, place(card)],
  ];
  if (slot(card)) facts.push(['Когда', slot(card)]);
  if (card.comment) facts.push(['Комментарий', card.comment]);
  for (const [name, value] of facts) {
    const top = w.y;
    w.text(name, { bold: true, width: 110 });
    const after = w.y;
    w.y = top;
    w.text(value || '—', { x: w.margin + 115 });
    w.y = Math.min(after, w.y) - 3;
  }
  w.gap(10);
  const head = COLUMNS.map((c) => c.title);
  tableRow(w, head, true);
  card.lines.forEach((l, n) => {
    const cells = [
      String(n + 1),
      `${l.name}${l.returned ? ' (возвращён при примерке)' : ''}`,
      l.sizeName,
      l.color ?? '—',
      String(l.quantity),
      '',
    ];
    if (!tableRow(w, cells, false)) {
      w.newPage();
      w.text(`Заказ № ${card.number} — продолжение`, { bold: true });
      w.gap(4);
      tableRow(w, head, true);
      tableRow(w, cells, false);
    }
  });
  w.gap(24);
  w.text('Собрал: ____________________ / ____________________');
}

function shopLabel(doc: PDFDocument, fonts: Fonts, card: OrderCard, company: string) {
  const w = new Writer(doc, A6, fonts, 20);
  w.text(`Отправитель: ${company}`, { size: 9, grey: true });
  w.gap(6);
  w.text(`№ ${card.number}`, { size: 26, bold: true });
  w.gap(6);
  w.text(fullName(card.customer), { size: 14, bold: true });
  w.text(phoneText(card.customer.phone), { size: 11 });
  w.gap(4);
  w.text(card.deliveryName, { size: 11 });
  w.text(place(card), { size: 12, bold: true });
  if (slot(card)) w.text(`Когда: ${slot(card)}`, { size: 11 });
  if (card.trackingNumber) w.text(`Трек-номер: ${card.trackingNumber}`, { size: 11 });
  w.text(`Вещей: ${card.lines.filter((l) => !l.returned).reduce((n, l) => n + l.quantity, 0)}`, { size: 11 });
}

function missingLabel(doc: PDFDocument, fonts: Fonts, card: OrderCard, reason: string) {
  const w = new Writer(doc, A6, fonts, 20);
  w.text(`№ ${card.number}`, { size: 26, bold: true });
  w.gap(8);
  w.text('Этикетки перевозчика здесь нет', { size: 13, bold: true });
  w.gap(4);
  w.text(reason, { size: 10 });
  w.gap(8);
  w.text('Напечатайте её из карточки заказа кнопкой «Этикетка (PDF)», когда перевозчик ответит.', { size: 10 });
}

/** The first page, when something is not in the file: which orders and why. */
function cover(doc: PDFDocument, fonts: Fonts, input: OrdersPdfInput, noLabel: LabelMissing[]) {
  const w = new Writer(doc, A4, fonts);
  w.text(`Печать заказов: ${input.sheets.length}`, { size: 16, bold: true });
  w.gap(6);
  if (noLabel.length > 0) {
    w.text(`Без этикетки перевозчика: ${noLabel.length}`, { size: 12, bold: true });
    for (const m of noLabel) w.text(`№ ${m.number} — ${m.reason}`);
    w.gap(8);
  }
  if (input.missing.length > 0) {
    w.text('Не напечатаны', { size: 12, bold: true });
    w.text(`Не найдены или не вашего магазина: № ${input.missing.join(', № ')}.`);
  }
}

/** A carrier's label as a PDF to copy pages from, or null when it cannot be read. */
async function carrierPages(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const label = await PDFDocument.load(bytes, { ignoreEncryption: false });
    return label.getPageCount() > 0 ? label : null;
  } catch {
    return null;
  }
}

export const UNREADABLE_LABEL = 'Перевозчик прислал этикетку, которую не удалось прочитать как PDF.';

/** The maker of the one-PDF bulk print. */
export const ordersPdf: OrdersPdfMaker = async (input) => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Печать заказов: ${input.sheets.length}`);
  doc.setCreator(input.company);
  const files = await fontFiles();
  const fonts: Fonts = {
    regular: await doc.embedFont(files.regular, { subset: true }),
    bold: await doc.embedFont(files.bold, { subset: true }),
  };
  // The carriers' labels first: one that cannot be read is a missing label, named on the cover page too.
  const labels = new Map<PrintSheet, PDFDocument | string>();
  for (const sheet of input.sheets) {
    if (sheet.label.kind === 'carrier') labels.set(sheet, (await carrierPages(sheet.label.pdf)) ?? UNREADABLE_LABEL);
    else if (sheet.label.kind === 'missing') labels.set(sheet, sheet.label.reason);
  }
  const noLabel = [
    ...input.noLabel,
    ...input.sheets.flatMap((s) =>
      s.label.kind === 'carrier' && labels.get(s) === UNREADABLE_LABEL
        ? [{ number: s.card.number, reason: UNREADABLE_LABEL }]
        : [],
    ),
  ];
  if (noLabel.length > 0 || input.missing.length > 0) cover(doc, fonts, input, noLabel);
  for (const sheet of input.sheets) {
    packingList(doc, fonts, sheet.card, input.timeZone);
    const label = labels.get(sheet);
    if (label === undefined) shopLabel(doc, fonts, sheet.card, input.company);
    else if (typeof label === 'string') missingLabel(doc, fonts, sheet.card, label);
    else for (const page of await doc.copyPages(label, label.getPageIndices())) doc.addPage(page);
  }
  return { pdf: await doc.save(), noLabel };
};
