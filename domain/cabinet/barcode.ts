/** EAN-13 as the 95 modules of its bars ('1' dark, '0' light), to draw the discount card's barcode. */

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
/** The first digit is not drawn: it picks which of the next six use the L or the G code. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export function ean13Modules(number: string): string {
  if (!/^\d{13}$/.test(number)) throw new Error('EAN-13: 13 digits expected');
  const d = [...number].map(Number);
  const parity = PARITY[d[0] as number] as string;
  let left = '';
  for (let i = 1; i <= 6; i++) left += (parity[i - 1] === 'L' ? L : G)[d[i] as number] as string;
  let right = '';
  for (let i = 7; i <= 12; i++) right += R[d[i] as number] as string;
  return `101${left}01010${right}101`;
}
