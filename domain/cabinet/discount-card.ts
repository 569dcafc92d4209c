/**
 * The shop's discount card: a 13-digit EAN-13 number (prefix 2, the range GS1 leaves to a shop's own numbering),
 * shown grouped as `discountCardFormated`.
 */
export const CARD_PREFIX = '2';
/** The discount of a new card, in percent. */
export const CARD_START_PERCENT = 5;

/** The EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(number: string): boolean {
  return /^\d{13}$/.test(number) && ean13CheckDigit(number.slice(0, 12)) === Number(number[12]);
}

/** A card number from 11 random digits. */
export function cardNumber(random11: string): string {
  const first12 = `${CARD_PREFIX}${random11}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** «2 012345 678905»: as the number is printed under an EAN-13 barcode. */
export function formatCard(number: string): string {
  return `${number.slice(0, 1)} ${number.slice(1, 7)} ${number.slice(7)}`;
}

export interface DiscountCard {
  number: string;
  formatted: string;
  percent: number;
  active: boolean;
  /** Kopecks; one bonus is one rouble. */
  bonusBalance: number;
}
