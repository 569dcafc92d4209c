import { type SQL, sql } from 'drizzle-orm';
import { ON_SALE, SALE_FACTS, type SaleFacts } from '../../domain/catalog/on-sale';

/** `domain/catalog/on-sale.ts`'s rule over the given columns: each fact as the rule wants it. */
export function onSaleSql(facts: { readonly [K in keyof SaleFacts]: SQL }): SQL {
  return sql`(${sql.join(
    SALE_FACTS.map((fact) => sql`(${facts[fact]}) is ${ON_SALE[fact] ? sql`true` : sql`false`}`),
    sql` and `,
  )})`;
}

/** Whether 1C deleted the product `product` (an alias of `products`); false for a product that is not 1C's. */
export const deletedBy1C = (product: SQL) => sql`coalesce((select e.deleted from exchange_variants v
  join exchange_products e on e.onec_id = v.onec_product_id where v.product_id = ${product}.id limit 1), false)`;
