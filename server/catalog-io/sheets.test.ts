import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv, parseXlsx, readTable, readZip, writeXlsx, writeZip } from './sheets';

describe('catalogue files', () => {
  it('CSV: quotes, doubled quotes, line breaks in a cell, `;` or `,` as the heading holds, a BOM dropped', () => {
    expect(parseCsv('\uFEFFa;b;c\r\n"x;1";"он сказал ""да""";"две\nстроки"\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x;1', 'он сказал "да"', 'две\nстроки'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    // What the export writes reads back the same; a formula-like text keeps its apostrophe for the import to drop.
    expect(parseCsv(csvLine(['=1+1', 'Куртка; синяя', 4990.5, 12]))).toEqual([
      ["'=1+1", 'Куртка; синяя', '4990,50', '12'],
    ]);
  });

  it('XLSX: what the writer makes reads back; numbers as the import reads them', () => {
    const book = writeXlsx(
      'Каталог',
      ['Название', 'Цена'],
      [
        ['Пуховик <зимний> & "тёплый"', 4990.5],
        ['Шарф', 100],
      ],
    );
    expect(parseXlsx(book)).toEqual([
      ['Название', 'Цена'],
      ['Пуховик <зимний> & "тёплый"', '4990.5'],
      ['Шарф', '100'],
    ]);
  });

  it('XLSX as Excel saves it: shared strings, rich text runs, skipped cells and rows, a float off by a hair', () => {
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const book = writeZip([
      {
        name: 'xl/sharedStrings.xml',
        data: Buffer.from(
          `<sst xmlns="${ns}"><si><t>ID предложения</t></si><si><r><t>Це</t></r><r><rPr><b/></rPr><t>на</t></r></si><si><t xml:space="preserve">да </t></si></sst>`,
        ),
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.from(
          `<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="3"><c r="A3"><v>17</v></c><c r="C3"><v>4990.4999999999</v></c><c r="D3" t="s"><v>2</v></c><c r="E3" t="b"><v>1</v></c></row></sheetData></worksheet>`,
        ),
      },
    ]);
    expect(parseXlsx(book)).toEqual([['ID предложения', '', 'Цена'], [], ['17', '', '4990.5', 'да ', 'да']]);
  });

  it('refuses what it cannot read in Russian: an old XLS, a broken zip, text not in UTF-8', () => {
    expect(() => readTable('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toThrow(/старый формат XLS/);
    expect(() => readTable('x.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toThrow(/не zip-архив/);
    expect(() => readTable('w.csv', Buffer.from([0xc8, 0xc4, 0x3b]))).toThrow(/Windows-1251/);
  });

  it('stops files that unpack past the limit together (a zip bomb) with a Russian refusal, and reads them within it', () => {
    const MB = 1024 * 1024;
    const zip = writeZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(3 * MB) },
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(3 * MB) },
    ]);
    expect(zip.length).toBeLessThan(20_000);
    const sheet = (files: Map<string, () => Buffer>) => files.get('xl/worksheets/sheet1.xml')?.();
    expect(() => sheet(readZip(zip, 2 * MB))).toThrow('Файл не прочитать: в архиве больше 2 МБ данных');
    const within = readZip(zip, 7 * MB);
    expect(sheet(within)?.length).toBe(3 * MB);
    expect(within.get('xl/sharedStrings.xml')?.().length).toBe(3 * MB);
    // Each within the limit, not both: the second is refused.
    const shared = readZip(zip, 4 * MB);
    expect(sheet(shared)?.length).toBe(3 * MB);
    expect(() => shared.get('xl/sharedStrings.xml')?.()).toThrow('в архиве больше 4 МБ данных');
    // A broken stream is the archive's fault, not a failure of the shop.
    const broken = Buffer.from(zip);
    broken.fill(0xff, 40, 60);
    expect(() => readZip(broken).get('xl/worksheets/sheet1.xml')?.()).toThrow(/Файл не прочитать/);
  });
});
