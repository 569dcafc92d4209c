import { SaxesParser } from 'saxes';
import { dateOf1C, type OrderStatusRecord, orderIdOfNumber } from '../../../domain/exchange/order-status';
import { attributes, CommerceMlError, decode, localName } from './parse-catalogue';
import type { XmlNode } from './read-elements';

/** A document's parts the status facts do not need: never held, so a long order costs no memory. */
const SKIPPED = new Set(['Товары', 'Контрагенты', 'Налоги', 'Скидки', 'Склады']);

const MAX_DEPTH = 64;
const MAX_DOCUMENT_NODES = 20_000;

/**
 * Where 1C puts tracking numbers. Not «Номер отгрузки по 1С»: that is 1C's own document number, which the shopper's
 * letter would show as a tracking number; a shipment without a tracking number waits for one at the desk.
 */
const TRACKING = ['Трек-номер', 'Трек номер', 'Номер отслеживания', 'Номер трекинга'];

const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
const textOf = (node: XmlNode, name: string) => child(node, name)?.text.trim() || null;
const isTrue = (value: string | null | undefined) => ['true', 'да', '1'].includes(value?.trim().toLowerCase() ?? '');

/** `ЗначенияРеквизитов` by name (the first one written wins), and the old shape with `ЗначениеРеквизита` alone. */
function requisitesOf(doc: XmlNode): Map<string, string> {
  const holder = child(doc, 'ЗначенияРеквизитов') ?? doc;
  const found = new Map<string, string>();
  for (const r of holder.children.filter((c) => c.name === 'ЗначениеРеквизита')) {
    const name = textOf(r, 'Наименование');
    const value = textOf(r, 'Значение');
    if (name && value && !found.has(name)) found.set(name, value);
  }
  return found;
}

/** The facts of one `Документ`; null for a document that is not an order (a payment or a shipment of 1C's own). */
function readOrderDocument(doc: XmlNode): OrderStatusRecord | null {
  const operation = textOf(doc, 'ХозОперация');
  if (operation && operation !== 'Заказ товара') return null;
  const number = textOf(doc, 'Номер');
  const id = textOf(doc, 'Ид');
  const reqs = requisitesOf(doc);
  const flag = (name: string) => isTrue(reqs.get(name)) || isTrue(textOf(doc, name));
  const deleted = flag('ПометкаУдаления');
  const paidOn = dateOf1C(reqs.get('Дата оплаты по 1С'));
  const shippedOn = dateOf1C(reqs.get('Дата отгрузки по 1С'));
  const tracking = TRACKING.map((name) => reqs.get(name)).find(Boolean) ?? null;
  const shipped =
    shippedOn !== null || tracking !== null || Boolean(reqs.get('Номер отгрузки по 1С')) || flag('Отгружен');
  const reason = reqs.get('Причина отмены') ?? textOf(doc, 'Комментарий') ?? (deleted ? 'помечен на удаление' : null);
  return {
    ref: number ?? id ?? '(без номера)',
    // The shop writes its number as the document's `Ид` too; 1C may put its own number in `Номер`.
    orderId: orderIdOfNumber(id) ?? orderIdOfNumber(number),
    statusText: reqs.get('Статус заказа') ?? null,
    confirmed: flag('Проведен'),
    paid: paidOn !== null || flag('Оплачен') || flag('Заказ оплачен') ? { date: paidOn } : null,
    shipped: shipped ? { date: shippedOn, trackingNumber: tracking } : null,
    completed: flag('Финальный статус'),
    cancelled: flag('Отменен') || flag('Отменён') || deleted ? { reason } : null,
  };
}

/**
 * Reads 1C's orders file of the sale exchange (a CommerceML 2.0x document of `Документ`s, at the top or in
 * `Контейнер`s) as a stream, yielding each order's facts as its document closes. The encoding comes from the XML
 * declaration (windows-1251 or UTF-8, a BOM skipped), as for the catalogue; malformed XML throws `CommerceMlError`
 * with the line and column.
 */
export async function* parseOrders(
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | NodeJS.ReadableStream,
): AsyncGenerator<OrderStatusRecord> {
  const parser = new SaxesParser({ position: true });
  const stack: { name: string; node: XmlNode | null }[] = [];
  let ready: OrderStatusRecord[] = [];
  let xmlError: { message: string; line: number; column: number } | null = null;

  const fail = (message: string, line = parser.line, column = parser.column + 1): never => {
    throw new CommerceMlError(
      `Файл заказов CommerceML не прочитан: ${message} (строка ${line}, столбец ${column})`,
      line,
      column,
    );
  };

  parser.on('error', (error) => {
    xmlError ??= {
      message: `ошибка XML: ${error.message.replace(/^\d+:\d+: /, '')}`,
      line: parser.line,
      column: parser.column + 1,
    };
  });
  const throwXmlError = () => {
    if (xmlError) fail(xmlError.message, xmlError.line, xmlError.column);
  };

  // A document is a few hundred elements; a hostile file must not make the shop hold an unbounded one.
  let nodesInDocument = 0;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const parent = stack.at(-1);
    if (!parent && name !== 'КоммерческаяИнформация')
      fail(`корневой элемент «${name}» вместо «КоммерческаяИнформация»`);
    if (stack.length >= MAX_DEPTH) fail(`вложенность элементов больше ${MAX_DEPTH}`);
    let node: XmlNode | null = null;
    if (parent?.node) {
      if (++nodesInDocument > MAX_DOCUMENT_NODES) fail(`в документе больше ${MAX_DOCUMENT_NODES} элементов`);
      if (!SKIPPED.has(name)) {
        node = { name, attrs: {}, children: [], text: '' };
        parent.node.children.push(node);
      }
    } else if (name === 'Документ' && (parent?.name === 'КоммерческаяИнформация' || parent?.name === 'Контейнер')) {
      node = { name, attrs: {}, children: [], text: '' };
      nodesInDocument = 0;
    }
    if (node) node.attrs = attributes(tag.attributes as Record<string, string>);
    stack.push({ name, node });
  });

  const addText = (text: string) => {
    const node = stack.at(-1)?.node;
    if (node) node.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  parser.on('closetag', () => {
    const frame = stack.pop();
    if (frame?.node && frame.name === 'Документ' && !stack.at(-1)?.node) {
      const record = readOrderDocument(frame.node);
      if (record) ready.push(record);
    }
  });

  for await (const text of decode(input, (message) => fail(message))) {
    parser.write(text);
    throwXmlError();
    yield* ready;
    ready = [];
  }
  parser.close();
  throwXmlError();
  yield* ready;
}
