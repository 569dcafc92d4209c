import { ShopLink } from '~/components/ui/ShopLink';
import { Form, useSubmit } from 'react-router';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import type { ShopView } from '../../domain/stores/shops.service';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { StoreMap } from '~/components/stores/StoreMap';
import { reachGoal } from '~/lib/analytics';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/stores';
import styles from './stores.module.css';
import { STORES } from '../../domain/cache-tags';

/** Spec §2 /stores/: the shops by city, the visitor's city first, with filters (GET parameters) and a map. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const city = url.searchParams.get('city') ?? '';
  const openNow = url.searchParams.get('open') === '1';
  const fitting = url.searchParams.get('fitting') === '1';
  const all = await context.services.shops.list(context.ctx);
  context.cacheTags.add(STORES);
  const cities = [...new Map(all.map((s) => [s.cityCode, s.cityName])).entries()].map(([code, name]) => ({
    code,
    name,
  }));
  const shops = all.filter(
    (s) =>
      (!city || s.cityCode === city) &&
      (!openNow || s.openNow === true) &&
      (!fitting || s.services.some((x) => x.code === 'fitting')),
  );
  // The map shows one city: the chosen one, else the visitor's (the list starts with it).
  const mapCity = city || all[0]?.cityCode || '';
  return {
    filter: { city, openNow, fitting },
    cities,
    groups: groupByCity(shops),
    mapShops: shops.filter((s) => s.cityCode === mapCity),
    mapCityName: cities.find((c) => c.code === mapCity)?.name ?? '',
    origin: context.siteUrl,
  };
}

function groupByCity(shops: ShopView[]) {
  const groups: { city: string; shops: ShopView[] }[] = [];
  for (const shop of shops) {
    const last = groups.at(-1);
    if (last?.city === shop.cityName) last.shops.push(shop);
    else groups.push({ city: shop.cityName, shops: [shop] });
  }
  return groups;
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: `Магазины ${SHOP_NAME}: адреса, часы работы и наличие` },
    {
      name: 'description',
      content:
        'Адреса магазинов ВЬЮГА в Москве, Санкт-Петербурге и других городах: часы работы, телефоны, примерочные, схема проезда. Отложите размер в магазине на сайте.',
    },
    { tagName: 'link', rel: 'canonical', href: `${page?.origin ?? ''}/stores/` },
  ];
}

export default function Stores({ loaderData }: Route.ComponentProps) {
  const { filter, cities, groups, mapShops, mapCityName, origin } = loaderData;
  const submit = useSubmit();
  const count = groups.reduce((sum, g) => sum + g.shops.length, 0);
  return (
    <main id="main" className={`container ${styles.page}`}>
      <Breadcrumbs
        crumbs={[
          { name: 'Главная', url: '/' },
          { name: 'Магазины', url: '/stores/' },
        ]}
        origin={origin}
      />
      <h1 className={styles.title}>Магазины</h1>
      <Form
        method="get"
        className={styles.filters}
        aria-label="Фильтры магазинов"
        onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
      >
        <label className={styles.select}>
          <span>Город</span>
          <select name="city" defaultValue={filter.city}>
            <option value="">Все города</option>
            {cities.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="open" value="1" defaultChecked={filter.openNow} />
          Открыто сейчас
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="fitting" value="1" defaultChecked={filter.fitting} />С примерочными
        </label>
        <noscript>
          <button type="submit" className={styles.apply}>
            Показать
          </button>
        </noscript>
      </Form>
      <p className={styles.count} role="status">
        {count === 0 ? 'Таких магазинов нет: измените фильтры.' : `Магазинов: ${count}`}
      </p>
      <div className={styles.layout}>
        <div className={styles.list}>
          {groups.map((g) => (
            <section key={g.city} aria-labelledby={`city-${g.city}`} className={styles.city}>
              <h2 id={`city-${g.city}`} className={styles.cityName}>
                {g.city}
              </h2>
              <ol className={styles.shops}>
                {g.shops.map((s) => (
                  <ShopCard key={s.id} shop={s} />
                ))}
              </ol>
            </section>
          ))}
        </div>
        {mapShops.length > 0 && (
          <div className={styles.map}>
            <StoreMap
              shops={mapShops.map((s) => ({ ...s, lat: s.location.lat, lon: s.location.lon }))}
              label={`Магазины на карте: ${mapCityName}`}
            />
          </div>
        )}
      </div>
    </main>
  );
}

function ShopCard({ shop }: { shop: ShopView }) {
  return (
    <li className={styles.shop}>
      <h3 className={styles.shopName}>
        <ShopLink to={shop.url}>{shop.name}</ShopLink>
      </h3>
      <ShopLink to={shop.url} className={styles.address} onClick={() => reachGoal('adress_shops', { shop: shop.code })}>
        {shop.address}
      </ShopLink>
      {shop.metro && <p className={styles.muted}>{`м. ${shop.metro}`}</p>}
      <p className={styles.muted}>{shop.hours}</p>
      {shop.openText && <p className={shop.openNow ? styles.open : styles.closed}>{shop.openText}</p>}
      <p>
        <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`} className={styles.phone}>
          {shop.phone}
        </a>
      </p>
      <ul className={styles.services} aria-label="Услуги">
        {shop.services.map((x) => (
          <li key={x.code}>{x.name}</li>
        ))}
      </ul>
    </li>
  );
}
