import { describe, expect, it } from 'vitest';
import { basketMessage, detailMessage, lineProduct, purchaseMessage } from './metrica-ecommerce';

const line = (id: number, size: string, price: number, quantity: number, unitPrice?: number) => ({
  product: { id, name: `Товар ${id}`, brandName: 'ВЬЮГА', category: '' },
  offer: { sizeName: size, price },
  quantity,
  unitPrice,
});

describe("Metrica's e-commerce messages", () => {
  it('names a shown product with its price in roubles, leaving out what is not known', () => {
    expect(detailMessage({ id: 5, name: 'Куртка', price: 9990, brand: '' })).toEqual({
      ecommerce: { currencyCode: 'RUB', detail: { products: [{ id: 5, name: 'Куртка', price: 9990 }] } },
    });
  });

  it('adds and removes a basket line with its size and quantity', () => {
    expect(basketMessage('add', { ...lineProduct(line(7, 'M', 2500, 3)), quantity: 1 })).toEqual({
      ecommerce: {
        currencyCode: 'RUB',
        add: { products: [{ id: 7, name: 'Товар 7', price: 2500, quantity: 1, brand: 'ВЬЮГА', variant: 'M' }] },
      },
    });
    expect(basketMessage('remove', lineProduct(line(7, 'M', 2500, 3)))).toEqual({
      ecommerce: {
        currencyCode: 'RUB',
        remove: { products: [{ id: 7, name: 'Товар 7', price: 2500, quantity: 3, brand: 'ВЬЮГА', variant: 'M' }] },
      },
    });
  });

  it("sends an order's lines at what they cost in the order and its revenue", () => {
    const message = purchaseMessage({
      id: 1042,
      revenue: 5290,
      lines: [lineProduct(line(7, 'M', 2500, 2, 2250)), lineProduct(line(9, 'L', 490, 1))],
    });
    expect(message).toEqual({
      ecommerce: {
        currencyCode: 'RUB',
        purchase: {
          actionField: { id: '1042', revenue: 5290 },
          products: [
            { id: 7, name: 'Товар 7', price: 2250, quantity: 2, brand: 'ВЬЮГА', variant: 'M' },
            { id: 9, name: 'Товар 9', price: 490, quantity: 1, brand: 'ВЬЮГА', variant: 'L' },
          ],
        },
      },
    });
  });
});
