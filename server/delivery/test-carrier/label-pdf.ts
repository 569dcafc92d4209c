import { CYRILLIC_LATIN } from '../../../domain/text/transliterate';

/**
 * A one-page PDF label written by hand (no PDF library is installed): a few lines of text in a standard font. The
 * standard fonts have no Cyrillic, so the label's Russian is transliterated; the number, the recipient and the point
 * are what the courier reads.
 */

/** Latin letters for the label's standard font. */
export function latin(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const mapped = CYRILLIC_LATIN[lower];
    if (ch === '\u00a0') out += ' ';
    else if (ch === '₽') out += 'RUB';
    else if (mapped === undefined) out += /[\x20-\x7e]/.test(ch) ? ch : '?';
    else out += ch === lower ? mapped : mapped.charAt(0).toUpperCase() + mapped.slice(1);
  }
  return out;
}

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A valid one-page PDF (A6) with `lines` of text, the first one large. */
export function labelPdf(lines: readonly string[]): Uint8Array {
  const text = lines
    .map((line, i) => {
      const size = i === 0 ? 20 : 11;
      const y = 380 - (i === 0 ? 0 : 20 + i * 18);
      return `BT /F1 ${size} Tf 24 ${y} Td (${escapePdf(latin(line).slice(0, 70))}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
