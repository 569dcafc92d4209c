import { ShopLink } from '~/components/ui/ShopLink';
import { data } from 'react-router';
import { imageUrl } from '../../contract/images';
import { formatDate } from '../../domain/text/dates';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { isDomainError } from '../../domain/errors';
import { localTime, openingHoursSpecification, WEEKDAYS, type Weekday } from '../../domain/stores/hours';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { ProductCard } from '~/components/catalog/ProductCard';
import { StoreMap } from '~/components/stores/StoreMap';
import { reachGoal } from '~/lib/analytics';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/stores.shop';
import styles from './stores.shop.module.css';
import { LISTINGS, STORES } from '../../domain/cache-tags';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Понедельник',
  tue: 'Вторник',
  wed: 'Среда',
  thu: 'Четверг',
  fri: 'Пятница',
  sat: 'Суббота',
  sun: 'Воскресенье',
};
/** Products of the shop shown on its page; the rest are a click away in the catalogue filtered by the shop. */
const SHOWN_PRODUCTS = 8;

/** Spec §2 the shop page (and the mobile shop page: the same at 375 px, the map below the facts). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, ctx, options } = context;
  const code = params.code ?? '';
  const shop = /^[a-z0-9-]{1,80}$/.test(code)
    ? await services.shops.byCode(ctx, code).catch((error: unknown) => {
        if (isDomainError(error)) return null;
        throw error;
      })
    : null;
  if (!shop) throw data('Магазин не найден', { status: 404 });
  context.cacheTags.add(STORES).add(LISTINGS);
  // What the shop holds, through the catalogue's own shop filter (women's and men's catalogues).
  const stocked = await Promise.all(
    ['women', 'man'].map(async (root) => {
      const url = `/catalog/${root}/filter/shop-is-${shop.code}/apply/`;
      const outcome = await services.listing.sectionPage(url, () => null);
      return outcome.kind === 'ok'
        ? {
            url,
            name: outcome.value.section.name,
            count: outcome.value.listing.count,
            items: outcome.value.listing.items,
          }
        : null;
    }),
  );
  const today = shop.weekHours ? localTime(ctx.now(), shop.timeZone) : null;
  return {
    shop,
    today: today?.weekday ?? null,
    holidays: shop.holidays.filter((h) => today && h.date >= today.date).slice(0, 3),
    catalogues: stocked.filter((s) => s !== null && s.count > 0) as NonNullable<(typeof stocked)[number]>[],
    origin: context.siteUrl,
    imgVersion: options.imgVersion,
  };
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: `Магазин не найден — ${SHOP_NAME}` }];
  const { shop } = page;
  return [
    { title: `${shop.name}, ${shop.cityName} — магазин ${SHOP_NAME}` },
    {
      name: 'description',
      content: `Магазин ВЬЮГА ${shop.name}: ${shop.address}${shop.metro ? `, м. ${shop.metro}` : ''}. ${shop.hours}. Телефон ${shop.phone}.`,
    },
    { tagName: 'link', rel: 'canonical', href: `${page.origin}${shop.url}` },
  ];
}

/** A calendar day («2026-12-31») as «31 декабря»: a day, not a moment, so read in UTC. */
const dateText = (date: string) => formatDate(`${date}T00:00Z`, 'dayMonth', 'UTC');

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { shop, today, holidays, catalogues, origin, imgVersion } = loaderData;
  const directions = `https://yandex.ru/maps/?rtext=~${shop.location.lat},${shop.location.lon}&rtt=auto`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: `${SHOP_NAME}, ${shop.name}`,
    url: `${origin}${shop.url}`,
    telephone: shop.phone,
    image: shop.photos.map((p) => `${origin}${imageUrl(p, 'shop', imgVersion)}`),
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address,
      addressLocality: shop.cityName,
      addressCountry: 'RU',
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.location.lat, longitude: shop.location.lon },
    openingHoursSpecification: shop.weekHours ? openingHoursSpecification(shop.weekHours) : [],
  };
  return (
    <main id="main" className={`container ${styles.page}`}>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, for search engines
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
      <Breadcrumbs
        crumbs={[
          { name: 'Главная', url: '/' },
          { name: 'Магазины', url: '/stores/' },
          { name: shop.name, url: shop.url },
        ]}
        origin={origin}
      />
      <div className={styles.layout}>
        <section className={styles.facts} aria-labelledby="shop-title">
          <p className={styles.city}>{shop.cityName}</p>
          <h1 id="shop-title" className={styles.title}>
            {shop.name}
          </h1>
          <p className={styles.address}>{shop.address}</p>
          {shop.metro && <p className={styles.muted}>{`м. ${shop.metro}`}</p>}
          {shop.openText && <p className={shop.openNow ? styles.open : styles.closed}>{shop.openText}</p>}
          <p>
            <a className={styles.phone} href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>
              {shop.phone}
            </a>
          </p>
          {shop.weekHours && (
            <>
              <h2 className={styles.subtitle}>Часы работы</h2>
              <table className={styles.hours}>
                <tbody>
                  {WEEKDAYS.map((day) => {
                    const span = shop.weekHours?.[day];
                    return (
                      <tr key={day} aria-current={day === today ? 'date' : undefined}>
                        <th scope="row">{day === today ? `${DAY_NAMES[day]}, сегодня` : DAY_NAMES[day]}</th>
                        <td>{span ? `${span[0]}–${span[1]}` : 'выходной'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {holidays.length > 0 && (
                <ul className={styles.holidays} aria-label="Праздничные дни">
                  {holidays.map((h) => (
                    <li key={h.date}>
                      {`${dateText(h.date)}: ${h.hours ? `${h.hours[0]}–${h.hours[1]}` : 'магазин закрыт'}${h.note ? ` (${h.note})` : ''}`}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          {shop.services.length > 0 && (
            <>
              <h2 className={styles.subtitle}>В магазине</h2>
              <ul className={styles.services}>
                {shop.services.map((x) => (
                  <li key={x.code}>{x.name}</li>
                ))}
              </ul>
            </>
          )}
          <div className={styles.actions}>
            <a
              className={styles.primary}
              href={directions}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => reachGoal('view_directions', { shop: shop.code })}
            >
              Как добраться
            </a>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                reachGoal('print_directions', { shop: shop.code });
                window.print();
              }}
            >
              Распечатать схему проезда
            </button>
          </div>
        </section>
        <div className={styles.side}>
          <StoreMap
            shops={[{ ...shop, lat: shop.location.lat, lon: shop.location.lon }]}
            chosenId={shop.id}
            label={`${shop.name} на карте`}
          />
          {shop.photos.length > 0 && (
            <ul className={styles.photos} aria-label="Фотографии магазина">
              {shop.photos.map((p, i) => (
                <li key={p}>
                  <img
                    src={imageUrl(p, 'shop', imgVersion)}
                    alt={
                      i === 0
                        ? `Вход в магазин ВЬЮГА, ${shop.name}`
                        : `Зал магазина ВЬЮГА, ${shop.name}: вешала и примерочная`
                    }
                    width={720}
                    height={480}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {catalogues.length > 0 && (
        <section className={styles.stock} aria-labelledby="shop-stock">
          <h2 id="shop-stock" className={styles.subtitle}>
            В наличии в этом магазине
          </h2>
          <p className={styles.links}>
            {catalogues.map((c) => (
              <ShopLink key={c.url} to={c.url}>{`${c.name}: ${c.count}`}</ShopLink>
            ))}
          </p>
          <div className={styles.grid}>
            {catalogues
              .flatMap((c) => c.items)
              .slice(0, SHOWN_PRODUCTS)
              .map((card) => (
                <ProductCard key={card.id} card={card} imgVersion={imgVersion} />
              ))}
          </div>
        </section>
      )}
    </main>
  );
}
