import { DomainError } from '../errors';
import type { Receipt, ReceiptItem } from './gateway';
import { isVatRate, type VatRate } from './vat';

/**
 * 54-FZ receipts for an online payment and its refunds. The provider refuses a receipt whose items do not add up to
 * the money moved, and a fiscal line must hold price × quantity = amount in whole kopecks. So the order's discounts
 * (promo codes, bonuses, the card) are spread over the goods lines in proportion to their prices, and a line whose
 * share cannot be divided evenly between its units is split in two: some units at p, the rest at p + 1 kopeck.
 */

/** A line of the order as the shopper saw it: the price of one unit before the order's own discounts. */
export interface ReceiptLine {
  name: string;
  sizeName: string | null;
  quantity: number;
  unitKopecks: number;
}

export interface ReceiptCustomer {
  email?: string | null;
  phone?: string | null;
}

type Settlement = ReceiptItem['settlement'];

export interface OrderReceiptInput {
  lines: ReceiptLine[];
  deliveryKopecks: number;
  /** What the shopper pays online: the goods after every discount, plus delivery. */
  chargedKopecks: number;
  customer: ReceiptCustomer;
  vat: VatRate;
  settlement: Settlement;
}

export interface RefundReceiptInput {
  /** The lines given back, at the prices of the order. */
  lines: ReceiptLine[];
  /** The part of the delivery returned with them (0 when it is kept). */
  deliveryKopecks: number;
  /** The money returned: the goods' share after the order's discounts, plus the delivery part. */
  refundKopecks: number;
  customer: ReceiptCustomer;
  vat: VatRate;
  settlement: Settlement;
}

/**
 * The shop's rules for a 54-FZ receipt: a line's name (the fiscal «наименование предмета расчёта») holds at most 128
 * characters; a receipt at most 100 lines, the shop's own cap, the smallest a provider in use accepts (YooKassa's).
 */
export const RECEIPT_RULES = { maxLines: 100, maxLineName: 128 } as const;
const DELIVERY = 'Доставка';

/**
 * An order line as a receipt line: its unit price after the line's own discounts, rounded up, since the receipt
 * spreads the charge over the lines and may not list less than it.
 */
export const receiptLineOf = (line: { name: string; sizeName: string | null; quantity: number; total: number }) => ({
  name: line.name,
  sizeName: line.sizeName,
  quantity: line.quantity,
  unitKopecks: Math.max(1, Math.ceil(line.total / line.quantity)),
});

export function orderReceipt(input: OrderReceiptInput): Receipt {
  return spreadReceipt(input.lines, input.deliveryKopecks, input.chargedKopecks, input);
}

export function refundReceipt(input: RefundReceiptInput): Receipt {
  return spreadReceipt(input.lines, input.deliveryKopecks, input.refundKopecks, input);
}

function spreadReceipt(
  lines: ReceiptLine[],
  deliveryKopecks: number,
  totalKopecks: number,
  options: { customer: ReceiptCustomer; vat: VatRate; settlement: Settlement },
): Receipt {
  if (!isVatRate(options.vat)) throw invalid(`Неизвестная ставка НДС для чека: ${String(options.vat)}.`);
  if (!Number.isSafeInteger(totalKopecks) || totalKopecks <= 0) {
    throw invalid('Сумма чека должна быть больше нуля и в целых копейках.');
  }
  if (!Number.isSafeInteger(deliveryKopecks) || deliveryKopecks < 0) {
    throw invalid('Стоимость доставки в чеке должна быть неотрицательной и в целых копейках.');
  }
  if (lines.length === 0 && deliveryKopecks === 0) throw invalid('В чеке нет ни одной позиции.');
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw invalid(`Количество «${line.name}» в чеке должно быть целым и не меньше 1.`);
    }
    if (!Number.isSafeInteger(line.unitKopecks) || line.unitKopecks <= 0) {
      throw invalid(`Цена «${line.name}» в чеке должна быть больше нуля: бесплатная позиция в чек не попадает.`);
    }
  }
  const goodsKopecks = totalKopecks - deliveryKopecks;
  const listed = lines.reduce((sum, line) => sum + line.unitKopecks * line.quantity, 0);
  if (goodsKopecks < 0) throw invalid('Сумма чека меньше стоимости доставки.');
  if (goodsKopecks > listed) {
    throw invalid(`За товары в чеке ${rubles(goodsKopecks)}, больше их цены ${rubles(listed)}.`);
  }
  if (lines.length === 0 && goodsKopecks > 0) throw invalid('Сумма чека больше стоимости доставки, а товаров нет.');

  const shares = proportionalShares(
    lines.map((line) => line.unitKopecks * line.quantity),
    goodsKopecks,
  );
  const base = { vat: options.vat, settlement: options.settlement };
  const items: ReceiptItem[] = [];
  lines.forEach((line, index) => {
    const description = lineDescription(line);
    for (const part of evenParts(shares[index], line.quantity)) {
      items.push({ description, ...part, kind: 'goods', ...base });
    }
  });
  if (deliveryKopecks > 0) {
    items.push({
      description: DELIVERY,
      quantity: 1,
      unitKopecks: deliveryKopecks,
      kind: 'service',
      ...base,
    });
  }
  if (items.length > RECEIPT_RULES.maxLines) {
    throw invalid(`В чеке ${items.length} позиций, а в одном чеке может быть не больше ${RECEIPT_RULES.maxLines}.`);
  }
  return { customer: receiptCustomer(options.customer), items };
}

/**
 * `total` divided in proportion to `weights`, in whole kopecks that add up to `total` exactly: each gets the floor
 * of its share, and the kopecks left go one each to the largest remainders (the earlier line on a tie).
 * BigInt: a weight times the total can pass 2^53.
 */
function proportionalShares(weights: number[], total: number): number[] {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(weight) * BigInt(total));
  const shares = exact.map((value) => Number(value / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * `amount` kopecks over `quantity` units as at most two receipt items with an integer unit price each: r units at
 * p + 1 and the rest at p, where p and r are the quotient and remainder. A part priced 0 is left out (a fiscal line
 * is never free); that happens only when a line's share is smaller than its number of units.
 */
function evenParts(amount: number, quantity: number): { quantity: number; unitKopecks: number }[] {
  const unit = Math.floor(amount / quantity);
  const dearer = amount - unit * quantity;
  const parts = [
    { quantity: quantity - dearer, unitKopecks: unit },
    { quantity: dearer, unitKopecks: unit + 1 },
  ];
  return parts.filter((part) => part.quantity > 0 && part.unitKopecks > 0);
}

/** «Пуховик «Тайга», размер 48», the name shortened (never the size) to a fiscal line's 128 characters. */
function lineDescription(line: ReceiptLine): string {
  const size = line.sizeName?.trim() ? `, размер ${line.sizeName.trim()}` : '';
  const name = line.name.trim();
  const max = RECEIPT_RULES.maxLineName;
  if (name.length + size.length <= max) return `${name}${size}`;
  return `${name.slice(0, max - size.length - 1).trimEnd()}…${size}`;
}

/** The email when there is one, else the phone as digits with the country code 7 (8XXXXXXXXXX and 10 digits too). */
function receiptCustomer(customer: ReceiptCustomer): Receipt['customer'] {
  const email = customer.email?.trim();
  if (email) return { email };
  const digits = (customer.phone ?? '').replace(/\D/g, '');
  if (/^[78]\d{10}$/.test(digits)) return { phone: `7${digits.slice(1)}` };
  if (/^\d{10}$/.test(digits)) return { phone: `7${digits}` };
  throw invalid('Для чека нужен адрес электронной почты или российский номер телефона покупателя.');
}

function rubles(kopecks: number): string {
  return `${Math.floor(kopecks / 100)},${String(kopecks % 100).padStart(2, '0')} ₽`;
}

function invalid(message: string): DomainError {
  return new DomainError('validation', message, 'INVALID_RECEIPT');
}
