import { ShopLink } from '~/components/ui/ShopLink';
import { groupBrands } from '../../domain/catalog/listing/brands';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { listingPath } from '~/components/catalog/listing-path';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/brands';
import styles from './brands.module.css';
import { LISTINGS } from '../../domain/cache-tags';

/** /brands/ and /brands/man/ (the men's selection: brands with men's products, linking to their men's pages). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = listingPath(request);
  const men = pathname === '/brands/man/';
  const { brands } = await context.services.listing.reference();
  context.cacheTags.add(LISTINGS);
  const shown = brands
    .filter((b) => (men ? b.menCount : b.count) > 0)
    .map((b) => ({
      ...b,
      count: men ? b.menCount : b.count,
      url: men ? `/brands/${b.code}/man/` : `/brands/${b.code}/`,
    }));
  return { men, alphabets: groupBrands(shown), origin: context.siteUrl };
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  const men = page?.men;
  const title = men ? 'Бренды мужской одежды' : 'Бренды';
  return [
    { title: `${title} — ${SHOP_NAME}` },
    {
      name: 'description',
      content: men
        ? 'Бренды мужской верхней одежды и аксессуаров в интернет-магазине ВЬЮГА: пуховики, парки, пальто, куртки.'
        : 'Все бренды интернет-магазина ВЬЮГА по алфавиту: пуховики, парки, пальто, куртки и тёплые аксессуары.',
    },
    { tagName: 'link', rel: 'canonical', href: `${page?.origin ?? ''}${men ? '/brands/man/' : '/brands/'}` },
  ];
}

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { men, alphabets, origin } = loaderData;
  const crumbs = [
    { name: 'Главная', url: '/' },
    { name: 'Бренды', url: '/brands/' },
    ...(men ? [{ name: 'Мужчинам', url: '/brands/man/' }] : []),
  ];
  const letters = alphabets.flatMap((a) => a.letters.map((l) => l.letter));
  return (
    <main id="main" className={`container ${styles.page}`}>
      <Breadcrumbs crumbs={crumbs} origin={origin} />
      <h1 className={styles.title}>{men ? 'Бренды для мужчин' : 'Бренды'}</h1>
      <nav className={styles.switch} aria-label="Чьи бренды показать">
        <ShopLink to="/brands/" aria-current={men ? undefined : 'page'}>
          Все
        </ShopLink>
        <ShopLink to="/brands/man/" aria-current={men ? 'page' : undefined}>
          Мужчинам
        </ShopLink>
      </nav>
      <nav className={styles.index} aria-label="Буквы">
        {letters.map((l) => (
          <a key={l} href={`#letter-${l}`}>
            {l}
          </a>
        ))}
      </nav>
      {alphabets.map((alphabet) => (
        <section key={alphabet.name} className={styles.alphabet} aria-label={alphabet.name}>
          <h2 className={styles.alphabetName}>{alphabet.name}</h2>
          <div className={styles.letters}>
            {alphabet.letters.map((group) => (
              <div key={group.letter} className={styles.letter} id={`letter-${group.letter}`}>
                <h3 className={styles.letterName}>{group.letter}</h3>
                <ul className={styles.list}>
                  {group.brands.map((b) => (
                    <li key={b.id}>
                      <ShopLink to={b.url} className={styles.brand}>
                        {b.name}
                        <span className={styles.count}>{b.count}</span>
                      </ShopLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
