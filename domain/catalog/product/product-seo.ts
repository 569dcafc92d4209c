import { formatPrice } from '../../pricing/price';
import { JSON_LD_REVIEWS, type PublishedReview, type Rating } from '../../reviews/published';
import type { Breadcrumb, ProductItem, ProductOffer, ProductSeo } from './product';
import { capitalize } from '../../text/case';

export const SHOP_NAME = 'ВЬЮГА';

type SeoSource = Pick<
  ProductItem,
  'name' | 'article' | 'sectionName' | 'brand' | 'color' | 'props' | 'offers' | 'price' | 'discountPercent' | 'images'
>;

const lower = (s: string) => s.toLocaleLowerCase('ru');

/**
 * Title, description and keywords of one colour. The article number is unique per colour, so every product
 * page gets its own title and description even when two models share a name.
 */
export function productSeo(p: SeoSource): ProductSeo {
  const color = lower(p.color.name);
  const facts = p.props
    .filter((prop) => prop.code === 'material' || prop.code === 'insulation')
    .map((prop) => `${lower(prop.name)}: ${lower(prop.valueName)}`);
  const sizes = p.offers.length ? ` Размеры: ${p.offers.map((o) => o.sizeName).join(', ')}.` : '';
  const sale = p.discountPercent > 0 ? `, скидка ${p.discountPercent}\u00a0%` : '';
  return {
    title: `${p.name} ${p.brand.name}, ${color}, арт. ${p.article} — купить в интернет-магазине ${SHOP_NAME}`,
    description:
      `${p.name} ${p.brand.name}, цвет ${color}, артикул ${p.article}. Цена ${formatPrice(p.price)}${sale ? `${sale}.` : ''}` +
      `${facts.length ? ` ${capitalize(facts.join(', '))}.` : ''}${sizes} Наличие в магазинах, доставка по России.`,
    keywords: [lower(p.sectionName), lower(p.name), p.brand.name, color, p.article].join(', '),
    image: p.images[0]?.file ?? null,
  };
}

function offerAvailability(o: ProductOffer): string {
  if (o.canBuy) return 'https://schema.org/InStock';
  if (o.inShops) return 'https://schema.org/InStoreOnly';
  return 'https://schema.org/OutOfStock';
}

/**
 * schema.org Product with one Offer per size, and the BreadcrumbList, for search engines. With published reviews
 * (`reviews`: the colour's rating and its newest reviews), the Product carries their AggregateRating and up to five
 * Reviews.
 */
export function productJsonLd(
  item: ProductItem,
  breadcrumbs: readonly Breadcrumb[],
  origin: string,
  imageUrls: readonly string[],
  reviews?: ReviewsForJsonLd | null,
) {
  const url = `${origin}${item.url}`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `${item.name} ${item.brand.name}`,
      sku: item.article,
      description: item.description,
      color: item.color.name,
      category: item.sectionName,
      brand: { '@type': 'Brand', name: item.brand.name },
      image: imageUrls.map((u) => `${origin}${u}`),
      url,
      offers: item.offers.map((o) => ({
        '@type': 'Offer',
        sku: `${item.article}-${o.sizeName}`,
        name: `Размер ${o.sizeName}`,
        price: (o.price / 100).toFixed(2),
        priceCurrency: 'RUB',
        availability: offerAvailability(o),
        itemCondition: 'https://schema.org/NewCondition',
        url,
      })),
      ...reviewsJsonLd(reviews),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [...breadcrumbs, { name: item.name, url: item.url }].map((b, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: b.name,
        item: `${origin}${b.url}`,
      })),
    },
  ];
}

/** What the JSON-LD takes of the reviews: the rating and the newest published reviews. */
export interface ReviewsForJsonLd {
  rating: Rating | null;
  items: readonly Pick<PublishedReview, 'authorName' | 'rating' | 'text' | 'date'>[];
}

/** AggregateRating and the newest Reviews; nothing without published reviews (an empty rating misleads engines). */
function reviewsJsonLd(reviews: ReviewsForJsonLd | null | undefined) {
  if (!reviews?.rating || reviews.rating.count === 0) return {};
  const items = reviews.items.slice(0, JSON_LD_REVIEWS);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.rating.average,
      reviewCount: reviews.rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(items.length > 0 && {
      review: items.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.authorName },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        reviewBody: r.text,
        datePublished: r.date.slice(0, 10),
      })),
    }),
  };
}
