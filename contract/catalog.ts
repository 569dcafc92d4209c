import type { Listing, ListingItem, ListingOffers, SectionNode } from '../domain/catalog/listing/listing.service';
import { catalogMarkers } from '../domain/catalog/listing/markers';
import type { ProductItem, ProductPage } from '../domain/catalog/product/product';
import { imageUrl } from './images';

/**
 * The catalogue calls' answers: domain values with image files turned into URLs carrying the image version, so
 * that a client can show them as pages do.
 */

/** A listing's card as the calls give it: the item with its model id as `sid` and its photos' addresses. */
export function cardItem({ images, ...item }: ListingItem, imgVersion: string) {
  return {
    ...item,
    sid: item.modelId,
    image: images[0] ? imageUrl(images[0], 'listing', imgVersion) : null,
    images: images.map((file) => ({
      file,
      listing: imageUrl(file, 'listing', imgVersion),
      listingMobile: imageUrl(file, 'listingMobile', imgVersion),
    })),
  };
}
export type CardItem = ReturnType<typeof cardItem>;

export function listPayload(listing: Listing, imgVersion: string, offers: ListingOffers) {
  const { markers, discounts, discountViews } = catalogMarkers(listing.items, offers.offers);
  return {
    items: listing.items.map((item) => cardItem(item, imgVersion)),
    offers: offers.offers,
    availabilityOffers: offers.availability,
    restrictionOrderShops: offers.stores.restrictionOrderShops,
    shopIdToStoreIds: offers.stores.shopIdToStoreIds,
    onlineStoreIds: offers.stores.onlineStoreIds,
    movementStoreIds: offers.stores.movementStoreIds,
    navigation: listing.navigation,
    sort: listing.sort,
    markers,
    discounts,
    discountViews,
    facets: listing.facets,
    filterParams: listing.filterParams,
    url: listing.href,
  };
}
export type ListPayload = ReturnType<typeof listPayload>;

/** The spec's section tree entry with its place in the tree. */
export function sectionEntry(s: SectionNode) {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    parent: s.parentId,
    depth: s.depth,
    count: s.count,
    minPrice: s.minPrice,
    hasNew: s.hasNew,
  };
}
export type SectionEntry = ReturnType<typeof sectionEntry>;

/** One product: the same data the product page renders. */
export function productPayload(page: ProductPage, imgVersion: string) {
  const item = page.items.find((i) => i.id === page.currentId) as ProductItem;
  const offerIds = new Set(item.offers.map((o) => o.id));
  const { offers, images, seo, ...rest } = item;
  return {
    item: { ...rest, seo: { ...seo, image: seo.image ? imageUrl(seo.image, 'detail', imgVersion) : null } },
    offers,
    variants: page.items.map((v) => ({
      id: v.id,
      url: v.url,
      colorCode: v.color.code,
      colorName: v.color.name,
      colorHex: v.color.hex,
      image: v.images[0] ? imageUrl(v.images[0].file, 'listingMobile', imgVersion) : null,
      current: v.id === item.id,
    })),
    availability: page.availabilityOffers.filter((a) => offerIds.has(a.id)),
    restrictionOrderShops: Object.fromEntries(
      Object.entries(page.restrictionOrderShops).filter(([id]) => offerIds.has(Number(id))),
    ),
    shopIdToStoreIds: page.shopIdToStoreIds,
    onlineStoreIds: page.onlineStoreIds,
    movementStoreIds: page.movementStoreIds,
    images: images.map((i) => ({
      sid: item.sid,
      sort: i.sort,
      file: i.file,
      thumb: imageUrl(i.file, 'thumb', imgVersion),
      detail: imageUrl(i.file, 'detail', imgVersion),
      source: imageUrl(i.file, 'source', imgVersion),
    })),
    breadcrumbs: page.breadcrumbs,
  };
}
export type ProductPayload = ReturnType<typeof productPayload>;
