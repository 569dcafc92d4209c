import { describe, expect, it } from 'vitest';
import { chooseOffer } from './offer-choice';

const offer = (id: number, sizeName: string, disabled = false) => ({ id, sizeName, disabled });

describe('offer choice on switching colour', () => {
  const black = [offer(1, '44'), offer(2, '46'), offer(3, '48', true), offer(4, '50')];

  it('keeps the same size when it is available', () => {
    expect(chooseOffer(black, '46')?.id).toBe(2);
    expect(chooseOffer(black, '50')?.id).toBe(4);
  });

  it('takes the first available offer when the same size is sold out', () => {
    expect(chooseOffer(black, '48')?.id).toBe(1);
    const firstSoldOut = [offer(7, '44', true), offer(8, '46'), offer(9, '48', true)];
    expect(chooseOffer(firstSoldOut, '48')?.id).toBe(8);
  });

  it('takes the first available offer when the colour has no such size', () => {
    expect(chooseOffer(black, '62')?.id).toBe(1);
    expect(chooseOffer([offer(5, 'S', true), offer(6, 'M')], '46')?.id).toBe(6);
  });

  it('takes the first available offer when no size was chosen', () => {
    expect(chooseOffer([offer(1, '44', true), offer(2, '46')], null)?.id).toBe(2);
  });

  it('takes the first offer when every size is sold out', () => {
    const soldOut = [offer(11, '44', true), offer(12, '46', true)];
    expect(chooseOffer(soldOut, '46')?.id).toBe(11);
    expect(chooseOffer(soldOut, null)?.id).toBe(11);
  });

  it('gives null for a product without offers', () => {
    expect(chooseOffer([], '46')).toBeNull();
  });
});
