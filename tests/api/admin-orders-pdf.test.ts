import { sql } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '../../domain/order/process';
import { type Member, type StaffSubjects, staffSubjects, subjectsApp } from '../support/staff-subjects';
import type { TestApp } from '../support/test-app';

/**
 * «Печать одним PDF» of the orders list (issue 47.7): the chosen orders' packing lists and labels in one PDF — the
 * offline test carrier's own label for its orders, the shop's label for the rest; a label the carrier cannot give
 * leaves a page saying so and is listed, the file is made all the same; guarded and scoped as the HTML print.
 */
let app: TestApp;
let s: StaffSubjects;
let manager: Member;
let shopStaff: Member;
let content: Member;

beforeAll(async () => {
  app = await subjectsApp();
  s = await staffSubjects(app);
  manager = await s.member('manager');
  shopStaff = await s.member('shop');
  content = await s.member('content');
}, 300_000);
afterAll(() => app.close());

const PDF_PRINT = '/admin/orders/print-pdf/';
const printPdf = (who: Member, ids: number[]) => who.browser.form(PDF_PRINT, { intent: 'pdf', ids: ids.join(',') });

// ---- reading the file back: pdf-lib loads it; the text of each page through its fonts' ToUnicode maps -------------

const bytesOf = (stream: PDFRawStream) =>
  stream.dict.has(PDFName.of('Filter')) ? decodePDFRawStream(stream).decode() : stream.getContents();
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** A ToUnicode CMap: code (hex) → text. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set((code as string).toUpperCase(), utf16(text as string));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, first] of (block[1] ?? '').matchAll(/<(\w+)>\s*<(\w+)>\s*<(\w+)>/g)) {
      const from = Number.parseInt(lo as string, 16);
      const start = Number.parseInt(first as string, 16);
      for (let c = from; c <= Number.parseInt(hi as string, 16); c++)
        map.set(
          c
            .toString(16)
            .toUpperCase()
            .padStart((lo as string).length, '0'),
          String.fromCodePoint(start + c - from),
        );
    }
  return map;
}

/** Each page's text: the strings its content shows, decoded by the font in force. */
function pageTexts(doc: PDFDocument): string[] {
  const look = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string> | null>();
    const fontDict = look(page.node.Resources()?.get(PDFName.of('Font')));
    if (fontDict instanceof PDFDict)
      for (const [name, ref] of fontDict.entries()) {
        const font = look(ref);
        const toUnicode = font instanceof PDFDict ? look(font.get(PDFName.of('ToUnicode'))) : undefined;
        fonts.set(name.asString(), toUnicode instanceof PDFRawStream ? unicodeMap(latin1(bytesOf(toUnicode))) : null);
      }
    const contents = look(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map(look) : [contents];
    const ops = streams
      .filter((x): x is PDFRawStream => x instanceof PDFRawStream)
      .map((x) => latin1(bytesOf(x)))
      .join('\n');
    let font: Map<string, string> | null = null;
    let text = '';
    for (const m of ops.matchAll(/(\/[^\s/<[(]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (m[1]) font = fonts.get(m[1]) ?? null;
      else if (m[2] !== undefined && font) {
        const hex = m[2].toUpperCase();
        for (let i = 0; i < hex.length; i += 4) text += font.get(hex.slice(i, i + 4)) ?? '?';
        text += '\n';
      } else if (m[3] !== undefined) text += `${m[3].replace(/\\(.)/g, '$1')}\n`;
    }
    return text;
  });
}

async function readPdf(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(latin1(bytes.slice(0, 5))).toBe('%PDF-');
  const doc = await PDFDocument.load(bytes);
  return { doc, pages: pageTexts(doc) };
}

const labelsAudited = (id: number) =>
  s.rows<{ staff_email: string }>(
    sql`select staff_email from audit_log where action = 'shipment.label' and entity_id = ${String(id)}`,
  );

describe('one PDF of the chosen orders', () => {
  it('holds each order’s packing list, then its label: the carrier’s own for its order, the shop’s for the rest', async () => {
    const pickup = (await s.shopOrder(s.homeShop)).id;
    // The shop's own courier: a town no carrier was asked about (a carrier's courier order needs its registration).
    const courier = (await s.shippedCourierOrder()).id;
    const parcel = (await s.carrierOrder({ registered: true })).id;
    const res = await printPdf(manager, [pickup, courier, parcel]);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-orders-printed')).toBe('3');
    expect(res.headers.get('x-labels-missing')).toBe('');
    const { doc, pages } = await readPdf(res);
    // No cover page: nothing is missing. Each order: its list, then one label page.
    expect(doc.getPageCount()).toBe(6);
    const [n1, n2, n3] = [pickup, courier, parcel].map(orderNumber) as [string, string, string];
    expect(pages[0]).toContain(`Упаковочный лист — заказ № ${n1}`);
    expect(pages[0]).toContain('Собрано');
    expect(pages[1]).toContain(`№ ${n1}`);
    expect(pages[1]).toContain('Отправитель: ');
    expect(pages[2]).toContain(`Упаковочный лист — заказ № ${n2}`);
    expect(pages[3]).toContain(`№ ${n2}`);
    expect(pages[3]).toContain('Трек-номер: ');
    expect(pages[4]).toContain(`Упаковочный лист — заказ № ${n3}`);
    // The test carrier's own label (its standard font: Latin letters), copied in as it came.
    expect(pages[5]).toContain('Testovaya dostavka');
    expect(pages[5]).toContain(`Zakaz ${n3}`);
    expect(pages[5]).not.toContain('Отправитель');
    // Fetched as the card's «Этикетка (PDF)»: audited the same, once.
    expect(await labelsAudited(parcel)).toEqual([{ staff_email: manager.email }]);
    expect(await labelsAudited(pickup)).toEqual([]);
  }, 180_000);

  it('a label the carrier cannot give leaves a page saying so, and the orders are listed on the first page', async () => {
    const pickup = (await s.shopOrder(s.homeShop)).id;
    const lost = (await s.carrierOrder({ registered: true })).id;
    // The carrier no longer knows the parcel: it refuses the label.
    await app.database.db.execute(
      sql`update shipments set carrier_id = 'TEST-9999999', number = 'TEST-9999999' where order_id = ${lost}`,
    );
    const unregistered = (await s.carrierOrder()).id;
    const res = await printPdf(manager, [pickup, lost, unregistered]);
    expect(res.status).toBe(200);
    const [n1, n2, n3] = [pickup, lost, unregistered].map(orderNumber) as [string, string, string];
    expect(res.headers.get('x-labels-missing')).toBe(`${n2},${n3}`);
    const { doc, pages } = await readPdf(res);
    expect(doc.getPageCount()).toBe(7);
    expect(pages[0]).toContain('Без этикетки перевозчика: 2');
    expect(pages[0]).toContain(`№ ${n2} — Перевозчик отказал: Отправление не найдено у тестового перевозчика.`);
    expect(pages[0]).toContain(`№ ${n3} — У заказа нет зарегистрированной отправки.`);
    expect(pages[1]).toContain(`Упаковочный лист — заказ № ${n1}`);
    expect(pages[2]).toContain('Отправитель: ');
    expect(pages[3]).toContain(`Упаковочный лист — заказ № ${n2}`);
    expect(pages[4]).toContain(`№ ${n2}`);
    expect(pages[4]).toContain('Этикетки перевозчика здесь нет');
    expect(pages[4]).toContain('Перевозчик отказал');
    expect(pages[6]).toContain('Этикетки перевозчика здесь нет');
    expect(await labelsAudited(lost)).toEqual([]);
  }, 180_000);
});

describe('who may print', () => {
  it('a role without orders is refused, and nothing is fetched or audited', async () => {
    const parcel = (await s.carrierOrder({ registered: true })).id;
    const res = await printPdf(content, [parcel]);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).not.toBe('application/pdf');
    expect(await labelsAudited(parcel)).toEqual([]);
  }, 120_000);

  it('a shop’s staff print only their shop’s orders: another shop’s is left out and named, alone it is «not found»', async () => {
    const own = (await s.shopOrder(s.homeShop)).id;
    const foreign = (await s.shopOrder(s.otherShop)).id;
    const res = await printPdf(shopStaff, [own, foreign]);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-orders-missing')).toBe(orderNumber(foreign));
    const { doc, pages } = await readPdf(res);
    expect(doc.getPageCount()).toBe(3);
    expect(pages[0]).toContain(`Не найдены или не вашего магазина: № ${orderNumber(foreign)}.`);
    expect(pages.slice(1).join('')).not.toContain(`№ ${orderNumber(foreign)}`);
    expect(pages[1]).toContain(`Упаковочный лист — заказ № ${orderNumber(own)}`);

    const alone = await printPdf(shopStaff, [foreign]);
    expect(alone.status).toBe(404);
    expect(await alone.text()).toContain('Выбранные заказы не найдены или не вашего магазина.');
  }, 120_000);

  it('bad input is a Russian 400, and the address opened leads back to the list', async () => {
    const res = await printPdf(manager, []);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Выберите заказы.');
    const opened = await manager.browser.get(PDF_PRINT);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/admin/orders/');
  });
});
