import { describe, expect, it } from 'vitest';
import { labelPdf, latin } from './label-pdf';
import { testParcelId, testParcelNumber } from './parcels';

describe('the test carrier', () => {
  it('numbers its parcels and reads its numbers back', () => {
    expect(testParcelNumber(123)).toBe('TEST-000123');
    expect(testParcelId('TEST-000123')).toBe(123);
    expect(testParcelId('123')).toBe(123);
    expect(testParcelId('CDEK-1')).toBeNull();
  });

  it('writes a one-page PDF whose cross-reference table points at its objects', () => {
    const text = Buffer.from(labelPdf(['TEST-000001', 'Получатель: Анна (тест)'])).toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text).toContain('(Poluchatel: Anna \\(test\\)) Tj');
    const xref = Number(text.match(/startxref\n(\d+)/)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    expect(offsets.map((offset) => text.slice(offset, offset + 8))).toEqual([1, 2, 3, 4, 5].map((n) => `${n} 0 obj\n`));
    expect(latin('Щука Ёж')).toBe('Shchuka Ezh');
  });
});
