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
}

export type FeaturedKind = 'new' | 'sale' | 'popular';
