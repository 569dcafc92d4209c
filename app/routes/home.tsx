import { ShopLink } from '~/components/ui/ShopLink';
import { formatPrice } from '../../domain/pricing/price';
import { ProductCard } from '~/components/catalog/ProductCard';
import { imageUrl, listingSrcSet } from '../../contract/images';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/home';
import styles from './home.module.css';
import { LISTINGS, productTag } from '../../domain/cache-tags';

export async function loader({ context }: Route.LoaderArgs) {
  const page = await context.services.home.page();
  context.cacheTags.add(LISTINGS);
  for (const card of [...page.newArrivals, ...page.sale]) context.cacheTags.add(productTag(card.id));
  return { ...page, imgVersion: context.options.imgVersion };
}

export const headers = cachePolicy('public');

export function meta() {
  return [
    { title: 'ВЬЮГА — пуховики, парки и пальто для мужчин и женщин' },
    {
      name: 'description',
      content:
        'Тёплая верхняя одежда и аксессуары: пуховики, парки, пальто, куртки. Наличие размеров в магазинах вашего города, доставка по России и самовывоз.',
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { newArrivals, sale, tiles, imgVersion } = loaderData;
  const heroWomen = tiles.find((t) => t.gender === 'women');
  const heroMen = tiles.find((t) => t.gender === 'man');
  return (
    <main id="main">
      <h1 className="visually-hidden">ВЬЮГА — магазин тёплой одежды</h1>
      <section className={`container ${styles.hero}`} aria-label="Коллекции">
        {[
          { tile: heroWomen, title: 'Женщинам', text: 'Пуховики и пальто сезона', url: '/catalog/women/' },
          { tile: heroMen, title: 'Мужчинам', text: 'Парки и пуховики до −40 °C', url: '/catalog/man/' },
        ].map(({ tile, title, text, url }) =>
          tile ? (
            <ShopLink key={url} to={url} className={styles.heroTile}>
              <span className={styles.heroPhoto}>
                {/* Half the page's width: a phone takes the 440 px copy (a fifth of the original's bytes). */}
                <img
                  src={imageUrl(tile.image, 'source', imgVersion)}
                  srcSet={listingSrcSet(tile.image, imgVersion)}
                  sizes="50vw"
                  alt=""
                  width={852}
                  height={1278}
                  fetchPriority="high"
                />
              </span>
              <span className={styles.heroText}>
                <span className={styles.heroTitle}>{title}</span>
                <span>{text}</span>
                <span className={styles.heroCta}>Смотреть</span>
              </span>
            </ShopLink>
          ) : null,
        )}
      </section>

      <section className="container" aria-labelledby="home-sections">
        <h2 id="home-sections" className={styles.heading}>
          Верхняя одежда
        </h2>
        <ul className={styles.tiles}>
          {tiles.map((tile, i) => (
            <li key={tile.id}>
              <ShopLink to={tile.url} className={styles.tile}>
                <img
                  src={imageUrl(tile.image, 'listingMobile', imgVersion)}
                  alt=""
                  width={288}
                  height={432}
                  // A phone shows the first row under the collections: its largest paint.
                  loading={i < 2 ? 'eager' : 'lazy'}
                />
                <span className={styles.tileName}>{tile.name}</span>
                <span
                  className={styles.tileMeta}
                >{`${tile.gender === 'man' ? 'мужские' : 'женские'} · от ${formatPrice(tile.minPrice)}`}</span>
              </ShopLink>
            </li>
          ))}
        </ul>
      </section>

      <Shelf id="home-new" title="Новинки" products={newArrivals} imgVersion={imgVersion} />
      <Shelf id="home-sale" title="Скидки недели" products={sale} imgVersion={imgVersion} />
    </main>
  );
}

function Shelf({
  id,
  title,
  products,
  imgVersion,
}: {
  id: string;
  title: string;
  products: Route.ComponentProps['loaderData']['sale'];
  imgVersion: string;
}) {
  if (products.length === 0) return null;
  return (
    <section className="container" aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <div className={styles.grid}>
        {products.map((card) => (
          <ProductCard key={card.id} card={card} imgVersion={imgVersion} />
        ))}
      </div>
    </section>
  );
}
