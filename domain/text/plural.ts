const rules = new Intl.PluralRules('ru');

/** Picks the Russian form for `n`: plural(5, ['товар', 'товара', 'товаров']) -> 'товаров'. */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const form = rules.select(n);
  if (form === 'one') return one;
  if (form === 'few') return few;
  return many;
}

export const DAY_FORMS = ['день', 'дня', 'дней'] as const;
export const PRODUCT_FORMS = ['товар', 'товара', 'товаров'] as const;

/** «1 день», «3 дня», «7 дней» (spec §9: every day count takes its form); `space` joins the number and the word. */
export const dayCount = (n: number, space = ' ') => `${n}${space}${plural(n, DAY_FORMS)}`;
