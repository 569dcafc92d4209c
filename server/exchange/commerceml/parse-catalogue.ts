import { SaxesParser } from 'saxes';
import type { CatalogueRecord } from '../../../domain/exchange/records';
import {
  type Dictionary,
  ElementError,
  readGroup,
  readOffer,
  readPackage,
  readPriceType,
  readProduct,
  readProperty,
  readWarehouse,
  type XmlNode,
} from './read-elements';

/** A package that cannot be read: malformed XML, a wrong encoding, an element without its `Ид`. */
export class CommerceMlError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
    readonly column: number | null = null,
  ) {
    super(message);
    this.name = 'CommerceMlError';
  }
}

type Kind = 'package' | 'group' | 'property' | 'product' | 'priceType' | 'warehouse' | 'offer';

/** An open element. `node` is set while its content is captured; `kind` when it is the element of a record. */
interface Frame {
  name: string;
  node: XmlNode | null;
  kind: Kind | null;
  emitted: boolean;
  recordId: string | null;
}

const HEADER_FIELDS = new Set(['Ид', 'Наименование', 'ИдКлассификатора', 'ИдКаталога', 'СодержитТолькоИзменения']);

/** Which record an element starts, by its name and its parents' (namespace prefixes already dropped). */
function kindOf(name: string, parent: string | undefined, grandparent: string | undefined): Kind | null {
  if (parent === 'КоммерческаяИнформация') {
    return name === 'Классификатор' || name === 'Каталог' || name === 'ПакетПредложений' ? 'package' : null;
  }
  if (name === 'Группа' && parent === 'Группы') return 'group';
  if ((name === 'Свойство' || name === 'СвойствоНоменклатуры') && parent === 'Свойства') return 'property';
  if (name === 'Товар' && parent === 'Товары' && grandparent === 'Каталог') return 'product';
  if (name === 'ТипЦены' && parent === 'ТипыЦен') return 'priceType';
  if (name === 'Склад' && parent === 'Склады') return 'warehouse';
  if (name === 'Предложение' && parent === 'Предложения') return 'offer';
  return null;
}

/**
 * Children a record's element does not hold: a package head keeps its own fields and lets its groups, products and
 * offers be records of their own; a group lets its subgroups be. The record is emitted when the first of them opens,
 * so a head comes before its products and a group before its subgroups.
 */
function leftOut(kind: Kind, childName: string): boolean {
  if (kind === 'package') return !HEADER_FIELDS.has(childName);
  return kind === 'group' && childName === 'Группы';
}

/**
 * Reads a CommerceML 2.0x catalogue file (import, offers, prices or rests) as a stream and yields each record as soon
 * as its element closes; only the element being read is held, so memory stays flat whatever the file size. The
 * encoding comes from the XML declaration (windows-1251 or UTF-8, a BOM skipped). Malformed XML throws
 * `CommerceMlError` with the line and column; elements it does not know are skipped.
 */
export async function* parseCatalogue(
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | NodeJS.ReadableStream,
): AsyncGenerator<CatalogueRecord> {
  const parser = new SaxesParser({ position: true });
  const stack: Frame[] = [];
  const dictionary: Dictionary = new Map();
  let ready: CatalogueRecord[] = [];
  let schemaVersion: string | null = null;
  // saxes goes on after an error; the first one, where it was seen, is the one to report.
  let xmlError: { message: string; line: number; column: number } | null = null;

  const fail = (message: string, line = parser.line, column = parser.column + 1): never => {
    throw new CommerceMlError(
      `Файл CommerceML не прочитан: ${message} (строка ${line}, столбец ${column})`,
      line,
      column,
    );
  };

  const emit = (frame: Frame, depth: number) => {
    frame.emitted = true;
    const node = frame.node as XmlNode;
    try {
      const record = read(frame.kind as Kind, node, depth);
      frame.recordId = record.id;
      if (record.kind === 'property') dictionary.set(record.id, new Map(record.values.map((v) => [v.id, v.value])));
      ready.push(record);
    } catch (error) {
      if (error instanceof ElementError) fail(error.message);
      throw error;
    }
  };

  const read = (kind: Kind, node: XmlNode, depth: number): CatalogueRecord => {
    switch (kind) {
      case 'package':
        return readPackage(node, schemaVersion);
      case 'group':
        return readGroup(node, enclosingGroupId(depth));
      case 'property':
        return readProperty(node);
      case 'product':
        return readProduct(node, dictionary);
      case 'priceType':
        return readPriceType(node);
      case 'warehouse':
        return readWarehouse(node);
      case 'offer':
        return readOffer(node);
    }
  };

  const enclosingGroupId = (depth: number): string | null => {
    for (let i = depth - 1; i >= 0; i--) if (stack[i].kind === 'group') return stack[i].recordId;
    return null;
  };

  parser.on('error', (error) => {
    const message = `ошибка XML: ${error.message.replace(/^\d+:\d+: /, '')}`;
    xmlError ??= { message, line: parser.line, column: parser.column + 1 };
  });
  const throwXmlError = () => {
    if (xmlError) fail(xmlError.message, xmlError.line, xmlError.column);
  };

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const parent = stack.at(-1);
    if (!parent) {
      if (name !== 'КоммерческаяИнформация') fail(`корневой элемент «${name}» вместо «КоммерческаяИнформация»`);
      schemaVersion = (tag.attributes as Record<string, string>).ВерсияСхемы ?? null;
    }
    const frame: Frame = { name, node: null, kind: null, emitted: false, recordId: null };
    if (parent?.node && !(parent.kind && leftOut(parent.kind, name))) {
      frame.node = { name, attrs: {}, children: [], text: '' };
      parent.node.children.push(frame.node);
    } else {
      if (parent?.kind && !parent.emitted) emit(parent, stack.length - 1);
      frame.kind = kindOf(name, parent?.name, stack.at(-2)?.name);
      if (frame.kind) frame.node = { name, attrs: {}, children: [], text: '' };
    }
    if (frame.node) frame.node.attrs = attributes(tag.attributes as Record<string, string>);
    stack.push(frame);
  });

  const addText = (text: string) => {
    const node = stack.at(-1)?.node;
    if (node) node.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  parser.on('closetag', () => {
    const frame = stack.pop();
    if (frame?.kind && !frame.emitted) emit(frame, stack.length);
    // CommerceML 2.03 may say «changes only» as an element after the products: the package is told again, so the
    // importer never takes it for a full one.
    const parent = stack.at(-1);
    if (frame?.name === 'СодержитТолькоИзменения' && parent?.kind === 'package' && parent.emitted && parent.node)
      ready.push(readPackage(parent.node, schemaVersion));
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

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function attributes(attrs: Record<string, string>): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const name in attrs) plain[localName(name)] = attrs[name];
  return plain;
}

const BOM = [0xef, 0xbb, 0xbf];
const GT = 0x3e;
const HEAD_LIMIT = 1024;

/** Bytes to text, in the encoding the XML declaration names; held back only until the declaration has arrived. */
export async function* decode(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array>,
  fail: (message: string) => never,
): AsyncGenerator<string> {
  let head: Buffer | null = Buffer.alloc(0);
  let decoder: TextDecoder | null = null;
  const run = (bytes: Uint8Array, stream: boolean) => {
    try {
      return (decoder as TextDecoder).decode(bytes, { stream });
    } catch {
      return fail(`байты не в кодировке ${(decoder as TextDecoder).encoding}, объявленной в заголовке XML`);
    }
  };
  for await (const chunk of input) {
    if (typeof chunk === 'string') throw new TypeError('parseCatalogue ждёт байты, а не строки');
    if (decoder) {
      yield run(chunk, true);
      continue;
    }
    head = Buffer.concat([head as Buffer, chunk]);
    if (head.indexOf(GT) < 0 && head.length < HEAD_LIMIT) continue;
    decoder = decoderFor(head, fail);
    yield run(head, true);
    head = null;
  }
  decoder ??= decoderFor(head as Buffer, fail);
  if (head) yield run(head, true);
  yield run(new Uint8Array(0), false);
}

function decoderFor(head: Buffer, fail: (message: string) => never): TextDecoder {
  const hasBom = BOM.every((byte, i) => head[i] === byte);
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(head.toString('latin1'))?.[1];
  const label = hasBom || !declared ? 'utf-8' : declared;
  try {
    // A UTF-8 decoder drops the BOM itself; `fatal` makes bytes in another encoding an error, not mojibake.
    return new TextDecoder(label, { fatal: true });
  } catch {
    return fail(`кодировка «${label}» не поддерживается`);
  }
}
