/**
 * Yandex Metrica's e-commerce messages (issue 43.4): what the page pushes into `window.dataLayer` for a product
 * shown, a size added to or removed from the basket and an order placed. Pure, so what Metrica receives is tested.
 */

export interface EcommerceProduct {
  /** The product's id; the size (offer) goes in `variant`. */
  id: number;
  name: string;
  /** One unit's price, roubles. */
  price: number;
  quantity?: number;
  brand?: string;
  category?: string;
  /** The size's name. */
  variant?: string;
}

export type EcommerceMessage =
  | { ecommerce: { currencyCode: 'RUB'; detail: { products: EcommerceProduct[] } } }
  | { ecommerce: { currencyCode: 'RUB'; add: { products: EcommerceProduct[] } } }
  | { ecommerce: { currencyCode: 'RUB'; remove: { products: EcommerceProduct[] } } }
  | {
      ecommerce: {
        currencyCode: 'RUB';
        purchase: { actionField: { id: string; revenue: number }; products: EcommerceProduct[] };
      };
    };

/** Only the fields that are set: Metrica reads an empty brand as a brand named «». */
const clean = (p: EcommerceProduct): EcommerceProduct =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) as unknown as EcommerceProduct;

export const detailMessage = (product: EcommerceProduct): EcommerceMessage => ({
  ecommerce: { currencyCode: 'RUB', detail: { products: [clean(product)] } },
});

export const basketMessage = (kind: 'add' | 'remove', product: EcommerceProduct): EcommerceMessage =>
  kind === 'add'
    ? { ecommerce: { currencyCode: 'RUB', add: { products: [clean(product)] } } }
    : { ecommerce: { currencyCode: 'RUB', remove: { products: [clean(product)] } } };

/** An order placed: its lines and what the shopper pays (`revenue`, roubles, delivery included). */
export const purchaseMessage = (order: {
  id: number;
  revenue: number;
  lines: EcommerceProduct[];
}): EcommerceMessage => ({
  ecommerce: {
    currencyCode: 'RUB',
    purchase: { actionField: { id: String(order.id), revenue: order.revenue }, products: order.lines.map(clean) },
  },
});

/** A basket line (or an order line) as Metrica's product. */
export const lineProduct = (line: {
  product: { id: number; name: string; brandName?: string; category?: string };
  offer: { sizeName: string; price: number };
  quantity: number;
  unitPrice?: number;
}): EcommerceProduct => ({
  id: line.product.id,
  name: line.product.name,
  price: line.unitPrice ?? line.offer.price,
  quantity: line.quantity,
  brand: line.product.brandName,
  category: line.product.category,
  variant: line.offer.sizeName,
});
