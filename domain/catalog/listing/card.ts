import type { Rating } from '../../reviews/published';

/** A product as a listing card shows it. Money in kopecks. */
export interface ProductCard {
  id: number;
  modelId: number;
  name: string;
  brandName: string;
  url: string;
  price: number;
  oldPrice: number | null;
  discountPercent: number;
  isNew: boolean;
  /** Source image file names, first is the main photo. */
  images: string[];
  /** How many colours the model comes in. */
  colorsCount: number;
  /** The published reviews' rating (the product's kept columns); null without reviews. */
  rating: Rating | null;
}

export type FeaturedKind = 'new' | 'sale' | 'popular';
