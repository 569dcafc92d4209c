import { Hono } from 'hono';
import { cardItem } from '../../../contract/catalog';
import { additionsInput, cardsInput, relatedInput } from '../../../domain/catalog/related/related.schemas';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/**
 * The rows that lead to more products (issue 44.3), as listing cards (`cardItem`, the listing call's shape):
 * - `GET product/related/?productId=[&size=]`: `similar` and `boughtTogether`;
 * - `GET products/cards/?ids=`: the cards of the «Вы смотрели» row, in the order asked;
 * - `GET products/additions/?exclude=`: small accessories for the basket and the order, with the sizes to add.
 * They only read, and say nothing personal: the browser asks with what it knows (its size, its viewed products).
 */
export function catalogRelatedApi(services: Services, options: { imgVersion: string }) {
  const api = new Hono<AppEnv>();
  const card = (item: Parameters<typeof cardItem>[0]) => cardItem(item, options.imgVersion);
  route(api, 'productRelated', ['GET'], async (c) => {
    const { productId, size } = await parseInput(c, relatedInput);
    const rows = await services.related.related(productId, size);
    return { similar: rows.similar.map(card), boughtTogether: rows.boughtTogether.map(card) };
  });
  route(api, 'productCards', ['GET'], async (c) => {
    const { ids } = await parseInput(c, cardsInput);
    return { items: (await services.related.cards(ids)).map(card) };
  });
  route(api, 'productAdditions', ['GET'], async (c) => {
    const { exclude } = await parseInput(c, additionsInput);
    const items = await services.related.additions(exclude);
    return { items: items.map((a) => ({ ...card(a.card), offers: a.offers })) };
  });
  return api;
}
