/**
 * «Похожие» (issue 44.3): which products stand beside another. Candidates come from the product's own section, in
 * stock, within the price window; this file says how close each one is, so the facet index and the tests read one
 * rule.
 */

/** What the similarity reads of a product: its price (kopecks), brand, colour, gender, props and popularity. */
export interface SimilarTraits {
  price: number;
  brandId: number;
  colorCode: string;
  gender: string | null;
  props: Readonly<Record<string, string>>;
  popularity: number;
}

/** A candidate's price may differ from the product's by this share of it, either way. */
export const PRICE_WINDOW = 0.3;
/** Cards in a row. */
export const ROW_SIZE = 12;
/** Fewer pairs than this and «С этим покупают» is filled from the fallback. */
export const MIN_PAIRS = 4;
/** Additions to an order are small: at most this price, kopecks (5 000 ₽). */
export const ADDITION_MAX_PRICE = 500_000;

/** The price range, kopecks, of a product's similar ones. */
export function priceWindow(price: number, window = PRICE_WINDOW): { from: number; to: number } {
  return { from: Math.floor(price * (1 - window)), to: Math.ceil(price * (1 + window)) };
}

/** Weights: a shared prop counts most, then the price's closeness, then brand and colour; popularity breaks ties. */
const PROP_WEIGHT = 3;
const PRICE_WEIGHT = 2;
const BRAND_WEIGHT = 1;
const COLOR_WEIGHT = 0.5;
const GENDER_MISMATCH = -5;

/** What the score reads of a pair: the facet index counts these from its columns without building traits. */
export interface SimilarityParts {
  /** Props both have with the same value. */
  sharedProps: number;
  basePrice: number;
  price: number;
  sameBrand: boolean;
  sameColor: boolean;
  /** Both have a gender, and not the same one. */
  otherGender: boolean;
  popularity: number;
}

/**
 * How similar a product is to the base: higher is closer. Each prop both have with the same value adds 3; a price
 * equal to the base's adds 2, falling to 0 at the window's edge; the same brand adds 1 and the same colour 0.5;
 * another gender takes 5 off; popularity adds less than 0.5, so it only orders the otherwise equal.
 */
export function scoreParts(p: SimilarityParts, window = PRICE_WINDOW): number {
  let score = PROP_WEIGHT * p.sharedProps;
  const span = p.basePrice * window;
  const distance = Math.abs(p.price - p.basePrice);
  if (span > 0) score += PRICE_WEIGHT * Math.max(0, 1 - distance / span);
  else if (distance === 0) score += PRICE_WEIGHT;
  if (p.sameBrand) score += BRAND_WEIGHT;
  if (p.sameColor) score += COLOR_WEIGHT;
  if (p.otherGender) score += GENDER_MISMATCH;
  return score + Math.min(0.49, Math.log10(1 + Math.max(0, p.popularity)) / 10);
}

/** `scoreParts` of two products' traits. */
export function similarityScore(base: SimilarTraits, other: SimilarTraits, window = PRICE_WINDOW): number {
  let sharedProps = 0;
  for (const [code, value] of Object.entries(base.props)) if (other.props[code] === value) sharedProps++;
  return scoreParts(
    {
      sharedProps,
      basePrice: base.price,
      price: other.price,
      sameBrand: other.brandId === base.brandId,
      sameColor: other.colorCode === base.colorCode,
      otherGender: base.gender != null && other.gender != null && other.gender !== base.gender,
      popularity: other.popularity,
    },
    window,
  );
}

/** Whether a section (by its URL) holds accessories: the additions to an order and the pairs' fallback come from there. */
export function isAccessorySection(url: string): boolean {
  return /\/aksessuary\//.test(url);
}

/** A size as the facet index names it (lower case); null when the text is no size code. */
export function sizeKey(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const key = raw.trim().toLowerCase();
  return /^[a-zа-я0-9][a-zа-я0-9./-]{0,15}$/.test(key) ? key : null;
}
