import type { Basket, BasketLine } from '../domain/basket/basket';
import type { OrderPageData } from '../domain/order/checkout.types';

/**
 * Spec §3 Basket line as the API and the local storage carry it: `price` is the line's sum, which the code calls
 * `lineTotal` so it is not taken for a unit price. The answers and the cache keep the spec's name.
 */
export type BasketLineJson = Omit<BasketLine, 'lineTotal'> & { price: number };

export type BasketJson = Omit<Basket, 'available' | 'delay'> & { available: BasketLineJson[]; delay: BasketLineJson[] };

/** The order page's state as `sale.order.*` answers it. */
export type OrderPageJson = Omit<OrderPageData, 'basket'> & { basket: BasketJson };

// Fields in the spec's order, so an answer's JSON reads as it always has.
const lineToJson = (line: BasketLine): BasketLineJson => ({
  id: line.id,
  product: line.product,
  offer: line.offer,
  quantity: line.quantity,
  price: line.lineTotal,
  maxQuantity: line.maxQuantity,
  canBuy: line.canBuy,
});

const lineFromJson = (line: BasketLineJson): BasketLine => ({
  id: line.id,
  product: line.product,
  offer: line.offer,
  quantity: line.quantity,
  lineTotal: line.price,
  maxQuantity: line.maxQuantity,
  canBuy: line.canBuy,
});

export const basketToJson = (basket: Basket): BasketJson => ({
  ...basket,
  available: basket.available.map(lineToJson),
  delay: basket.delay.map(lineToJson),
});

export const basketFromJson = (basket: BasketJson): Basket => ({
  ...basket,
  available: basket.available.map(lineFromJson),
  delay: basket.delay.map(lineFromJson),
});

export const orderPageToJson = (data: OrderPageData): OrderPageJson => ({ ...data, basket: basketToJson(data.basket) });

export const orderPageFromJson = (data: OrderPageJson): OrderPageData => ({
  ...data,
  basket: basketFromJson(data.basket),
});
