/**
 * The VAT rate of a receipt's lines, as 54-FZ names them: `none` (без НДС), a rate in per cent, or a calculated rate
 * («20/120»: the tax inside a price that includes it, for an advance payment). A provider's adapter translates it
 * into its own code.
 */
export const VAT_RATES = ['none', 0, 5, 7, 10, 20, 22, '5/105', '7/107', '10/110', '20/120', '22/122'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const isVatRate = (value: unknown): value is VatRate => (VAT_RATES as readonly unknown[]).includes(value);

/** As a receipt's «НДС» column shows it: «без НДС», «22 %», «22/122». */
export const vatRateName = (rate: VatRate) =>
  rate === 'none' ? 'без НДС' : typeof rate === 'number' ? `${rate} %` : rate;
