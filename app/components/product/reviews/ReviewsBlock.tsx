import { Suspense } from 'react';
import { lazyChunk } from '~/lib/chunks';
import type { ReviewsSectionProps } from './ReviewsSection';
// The block's styles travel with the page's own stylesheet: the server renders the block at once, and its look must
// not wait for the block's script.
import './ReviewsSection.module.css';

const ReviewsSection = lazyChunk(() => import('./ReviewsSection').then((m) => ({ default: m.ReviewsSection })));

/**
 * The «Отзывы» block, whose script loads apart from the page's: the server renders it whole (so the first page of
 * reviews is in the HTML), and the browser keeps that HTML until the block's script arrives to make it interactive.
 */
export function ReviewsBlock(props: ReviewsSectionProps) {
  return (
    <Suspense fallback={null}>
      <ReviewsSection {...props} />
    </Suspense>
  );
}
