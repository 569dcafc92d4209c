import type { Receipt } from './gateway';
import { type ReceiptLine, refundReceipt } from './receipt';

/**
 * The receipt of a refund of `amount` from a payment whose receipt was `paid`: the goods it names (or only `lines`,
 * the ones given back) take the money first, the delivery only what is left beyond them. The customer, VAT rate and
 * settlement stay those of the payment.
 */
export function receiptForRefund(paid: Receipt, amount: number, lines?: ReceiptLine[]): Receipt {
  const goods =
    lines ??
    paid.items
      .filter((i) => i.kind === 'goods')
      .map((i) => ({ name: i.description, sizeName: null, quantity: i.quantity, unitKopecks: i.unitKopecks }));
  const goodsSum = goods.reduce((sum, l) => sum + l.unitKopecks * l.quantity, 0);
  const delivery = paid.items.filter((i) => i.kind === 'service').reduce((s, i) => s + i.unitKopecks, 0);
  const first = paid.items[0];
  return refundReceipt({
    lines: goods,
    deliveryKopecks: Math.min(delivery, Math.max(0, amount - goodsSum)),
    refundKopecks: amount,
    customer: paid.customer,
    vat: first?.vat ?? 'none',
    settlement: first?.settlement ?? 'advance',
  });
}
