import { ShopLink } from '~/components/ui/ShopLink';
import { data, redirect } from 'react-router';
import { brandSeo } from '../../domain/catalog/listing/listing-seo';
import { ListingView } from '~/components/catalog/ListingView';
import { listingMeta } from '~/components/catalog/listing-meta';
import { listingPath } from '~/components/catalog/listing-path';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/brands.brand';
import styles from './brands.module.css';
import { brandTag, productTag } from '../../domain/cache-tags';

/** /brands/{brand}/ and /brands/{brand}/man/: the brand's text and its products, with the section page's filter and sort. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, pathname } = listingPath(request);
  const outcome = await context.services.listing.brandPage(pathname, (name) => url.searchParams.get(name));
  if (outcome.kind === 'redirect') throw redirect(outcome.to, 301);
  if (outcome.kind === 'not_found') throw data(null, { status: 404 });
  const { brand, gender, listing } = outcome.value;
  context.cacheTags.add(brandTag(brand.id));
  for (const card of listing.items) context.cacheTags.add(productTag(card.id));
  return {
    brand,
    gender,
    listing,
    seo: brandSeo(brand, gender, listing),
    origin: context.siteUrl,
    imgVersion: context.options.imgVersion,
  };
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: 'Страница не найдена' }];
  return listingMeta(page.seo, page.listing, page.origin);
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, gender, listing, seo, origin, imgVersion } = loaderData;
  const men = gender === 'man';
  const crumbs = [
    { name: 'Главная', url: '/' },
    { name: 'Бренды', url: '/brands/' },
    { name: brand.name, url: `/brands/${brand.code}/` },
    ...(men ? [{ name: 'Мужчинам', url: `/brands/${brand.code}/man/` }] : []),
  ];
  return (
    <ListingView
      listing={listing}
      heading={seo.h1}
      crumbs={crumbs}
      origin={origin}
      imgVersion={imgVersion}
      source={men ? { brand: brand.code, gender: 'man' } : { brand: brand.code }}
      intro={
        <div className={styles.intro}>
          <p className={styles.text}>{brand.text}</p>
          {brand.menCount > 0 && (
            <nav className={styles.switch} aria-label="Чьи модели показать">
              <ShopLink to={`/brands/${brand.code}/`} aria-current={men ? undefined : 'page'}>
                Все модели
              </ShopLink>
              <ShopLink to={`/brands/${brand.code}/man/`} aria-current={men ? 'page' : undefined}>
                Мужчинам
              </ShopLink>
            </nav>
          )}
        </div>
      }
    />
  );
}
