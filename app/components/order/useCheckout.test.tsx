// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPageData } from '../../../domain/order/checkout.types';
import { type Checkout, type CheckoutProps, useCheckout } from './useCheckout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CARD = '2099000000024';
const answers: Record<string, Partial<OrderPageData>> = {
  'sale.order.setDiscountCard': { discountCard: CARD, discountCardActive: true },
  'sale.order.resetDiscountCard': { discountCard: '', discountCardActive: false },
};
vi.mock('~/lib/api', () => ({
  postRpc: async (method: string) => ({ ok: true, data: answers[method] }),
}));
// The answers above are the state itself: no basket to read back.
vi.mock('../../../contract/basket-json', () => ({ orderPageFromJson: (data: unknown) => data }));

let root: Root;
let checkout: Checkout;
const written: string[] = [];

function Harness(props: CheckoutProps) {
  checkout = useCheckout(props);
  return null;
}

beforeEach(() => {
  written.length = 0;
  const set = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')?.set;
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, line: string) {
    written.push(line);
    set?.call(this, line);
  });
  root = createRoot(document.createElement('div'));
  const props = {
    state: { discountCard: '', discountCardActive: false } as OrderPageData,
    profile: { name: '', email: '', phone: '' },
    confirmedPhones: [],
    auth: false,
    imgVersion: '1',
    onlinePayment: false,
  };
  act(() => root.render(<Harness {...props} />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

describe('the cookie order_discount_card (spec §3)', () => {
  it('keeps the card the shopper applied for 365 days, and forgets it when they remove it', async () => {
    act(() => checkout.setCard(`2 099000 000024`));
    await act(() => checkout.applyCard());
    expect(written).toContain(`order_discount_card=${CARD}; path=/; max-age=${365 * 86400}; samesite=lax`);
    expect(document.cookie).toContain(`order_discount_card=${CARD}`);
    await act(() => checkout.removeCard());
    expect(document.cookie).not.toContain('order_discount_card');
  });
});
