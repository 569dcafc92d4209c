/**
 * Whether a product is on the shop's site (`products.active`): the one definition. A product is on sale when 1C has
 * not deleted it, it has a price, and the staff have not taken it off the site. Between the two sides, 1C's deletion
 * wins: 1C keeps the assortment, so the staff cannot put back on sale what 1C deleted (publishing it is refused),
 * while the staff's own hold is theirs and no exchange lifts it. The SQL that sets `active`
 * (`onSaleSql`, db/repositories/on-sale.ts) is built from this table, and a test holds the two to the same answers.
 */
export const ON_SALE = { deletedBy1C: false, priced: true, unpublished: false } as const;

export type SaleFacts = { readonly [K in keyof typeof ON_SALE]: boolean };

export const SALE_FACTS = Object.keys(ON_SALE) as (keyof SaleFacts)[];

export const isOnSale = (facts: SaleFacts) => SALE_FACTS.every((fact) => facts[fact] === ON_SALE[fact]);
