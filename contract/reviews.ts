import type { PublishedReview, ReviewsPage } from '../domain/reviews/published';
import { imageUrl } from './images';

/** A review's photo at the image pipeline's sizes: the thumbnail under the text, the large one when opened. */
export interface ReviewPhoto {
  file: string;
  thumb: string;
  detail: string;
  source: string;
}

export type ReviewJson = Omit<PublishedReview, 'photos'> & { photos: ReviewPhoto[] };

export function reviewPhoto(file: string, imgVersion: string): ReviewPhoto {
  return {
    file,
    thumb: imageUrl(file, 'thumb', imgVersion),
    detail: imageUrl(file, 'detail', imgVersion),
    source: imageUrl(file, 'source', imgVersion),
  };
}

/** `GET /api/v2/catalog/product/reviews/`'s `data`: the page of reviews with photo addresses, the rating, the fit. */
export function reviewsPayload(page: ReviewsPage, imgVersion: string) {
  return {
    productId: page.productId,
    items: page.items.map((r): ReviewJson => ({ ...r, photos: r.photos.map((f) => reviewPhoto(f, imgVersion)) })),
    rating: page.rating,
    fit: page.fit,
    navigation: page.navigation,
    sort: page.sort,
    photos: page.photos,
  };
}
export type ReviewsPayload = ReturnType<typeof reviewsPayload>;
