import { type ListingLocation, listingHref } from '../../../domain/catalog/listing/listing';
import { DEFAULT_SORT } from '../../../domain/catalog/listing/sort';

/** Title, description, robots, canonical and social tags of a listing page (sections and brands alike). */
export function listingMeta(
  seo: { title: string; description: string; robots: string; h1: string },
  listing: { location: ListingLocation },
  origin: string,
) {
  const canonical = `${origin}${listingHref({ ...listing.location, sort: DEFAULT_SORT })}`;
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'robots', content: seo.robots },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: seo.h1 },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
  ];
}
