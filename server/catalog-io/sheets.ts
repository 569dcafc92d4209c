import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { DomainError } from '../../domain/errors';
import { csvCell } from '../../domain/order/desk-csv';

/**
 * The catalogue table's files (issue 47.5): CSV as the orders' export writes it (UTF-8 with a BOM, `;`, formula-like
 * text behind an apostrophe) and XLSX — a zip of XML, read and written here with node's zlib rather than a library:
 * one sheet, text and numbers, which is all the table holds.
 */

export type Cell = string | number;

const unreadable = (what: string) =>
  new DomainError(
    'validation',
    `Файл не прочитать: ${what}. Сохраните таблицу как CSV (UTF-8) или XLSX.`,
    'IMPORT_UNREADABLE',
  );

/** A number as a Russian spreadsheet writes it: kopecks after a comma, none for whole roubles. */
const numberText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace('.', ','));

/** One CSV line of the table. */
export const csvLine = (cells: readonly Cell[]) =>
  `${cells.map((c) => (typeof c === 'number' ? numberText(c) : csvCell(c))).join(';')}\r\n`;

/** A CSV file's rows: `;`, `,` or a tab, whichever the heading holds most of; quotes as RFC 4180; a BOM dropped. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw unreadable('кавычка в конце файла не закрыта');
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// ---- zip ----

interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * The most the files read from one zip may unpack to together: a sheet of `MAX_IMPORT_ROWS` rows is some 100 MB of
 * XML, and a small file of deflated zeros (a zip bomb) would otherwise grow to gigabytes in one synchronous inflate.
 */
export const MAX_UNPACKED_MB = 200;

/**
 * The files of a zip, by name (stored or deflated: what spreadsheet programs write), unpacked as they are read, all
 * of them `maxBytes` at most together.
 */
export function readZip(zip: Buffer, maxBytes = MAX_UNPACKED_MB * 1024 * 1024): Map<string, () => Buffer> {
  let left = maxBytes;
  const tooBig = () => unreadable(`в архиве больше ${Math.round(maxBytes / 1024 / 1024)} МБ данных`);
  const spend = (part: Buffer) => {
    if (part.length > left) throw tooBig();
    left -= part.length;
    return part;
  };
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw unreadable('это не XLSX (не zip-архив)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw unreadable('архив повреждён');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    files.set(name, () => {
      if (zip.readUInt32LE(local) !== 0x04034b50) throw unreadable('архив повреждён');
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const raw = zip.subarray(start, start + size);
      if (method === 0) return spend(raw);
      if (method === 8) {
        let part: Buffer;
        try {
          part = inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
          throw unreadable('архив повреждён');
        }
        return spend(part);
      }
      throw unreadable('архив сжат неизвестным способом');
    });
  }
  return files;
}

/** A zip of the given files, deflated. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, packed);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

// ---- xlsx ----

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? ''),
  );
// Characters XML 1.0 cannot hold are dropped.
const escapeXml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML refuses
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The text of every `<t>` inside `xml` (a shared string's runs, an inline string). */
const textOf = (xml: string) => {
  let text = '';
  for (const m of xml.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g)) text += unescapeXml(m[1] ?? '');
  return text;
};

/** A column's index from a cell reference: `A1` → 0, `AB7` → 27. */
const columnOf = (ref: string) => {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.toUpperCase().charCodeAt(0) - 64);
  return n - 1;
};

/** A number cell as text the import reads: at most two decimals (a spreadsheet's 4990.4999999 is 4990.5). */
const numberCell = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
};

/** The first sheet of an XLSX file as rows of text cells. */
export function parseXlsx(file: Buffer): string[][] {
  const files = readZip(file);
  const read = (name: string) => files.get(name)?.().toString('utf8');
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const workbook = read('xl/workbook.xml');
  const rels = read('xl/_rels/workbook.xml.rels');
  const firstSheet = workbook && /<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  if (firstSheet && rels) {
    const rel = new RegExp(`<Relationship\\b[^>]*\\bId="${firstSheet}"[^>]*>`).exec(rels)?.[0];
    const target = rel && /\bTarget="([^"]+)"/.exec(rel)?.[1];
    if (target) sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  const sheet = read(sheetPath);
  if (!sheet) throw unreadable('в книге нет листа');
  const shared: string[] = [];
  const strings = read('xl/sharedStrings.xml');
  if (strings)
    for (const m of strings.matchAll(/<(?:\w+:)?si>([\s\S]*?)<\/(?:\w+:)?si>/g)) shared.push(textOf(m[1] ?? ''));
  const rows: string[][] = [];
  for (const r of sheet.matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const number = /\br="(\d+)"/.exec(r[1] ?? '')?.[1];
    const index = number ? Number(number) - 1 : rows.length;
    const row: string[] = [];
    let next = 0;
    for (const c of (r[2] ?? '').matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const attrs = c[1] ?? '';
      const ref = /\br="([A-Z]+\d*)"/i.exec(attrs)?.[1];
      const col = ref ? columnOf(ref) : next;
      next = col + 1;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? 'n';
      const inner = c[2] ?? '';
      const v = /<(?:\w+:)?v>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = textOf(inner);
      else if (type === 'b') text = v === '1' ? 'да' : 'нет';
      else if (type === 'n') text = v === undefined ? '' : numberCell(v);
      else text = unescapeXml(v ?? '');
      while (row.length < col) row.push('');
      row[col] = text;
    }
    while (rows.length < index) rows.push([]);
    rows[index] = row;
  }
  return rows;
}

const columnName = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/** An XLSX book of one sheet: the heading in bold, frozen; text as inline strings, numbers as numbers. */
export function writeXlsx(sheetName: string, header: readonly string[], rows: readonly (readonly Cell[])[]): Buffer {
  const cell = (value: Cell, ref: string, style = '') =>
    typeof value === 'number'
      ? `<c r="${ref}"${style}><v>${value}</v></c>`
      : value === ''
        ? ''
        : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  const lines: string[] = [];
  lines.push(`<row r="1">${header.map((h, i) => cell(h, `${columnName(i)}1`, ' s="1"')).join('')}</row>`);
  rows.forEach((row, r) => {
    lines.push(`<row r="${r + 2}">${row.map((v, i) => cell(v, `${columnName(i)}${r + 2}`)).join('')}</row>`);
  });
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheet = `${xml}<worksheet xmlns="${ns}" xmlns:r="${rel}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${lines.join('')}</sheetData></worksheet>`;
  return writeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `${xml}<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/styles.xml',
      data: Buffer.from(
        `${xml}<styleSheet xmlns="${ns}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
  ]);
}

/** A file's table by its name or its first bytes: a zip is XLSX, anything else CSV in UTF-8. */
export function readTable(fileName: string, bytes: Buffer): string[][] {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return parseXlsx(bytes);
  if (/\.xlsx?$/i.test(fileName)) throw unreadable(/\.xls$/i.test(fileName) ? 'старый формат XLS' : 'XLSX повреждён');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD')) throw unreadable('текст не в UTF-8 (похоже на Windows-1251)');
  return parseCsv(text);
}
