import { data } from 'react-router';
import { imageUrl } from '../../contract/images';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { ProductCard } from '~/components/catalog/ProductCard';
import { Prose } from '~/components/content/Prose';
import { renderMarkdown } from '~/lib/markdown.server';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/landing';
import styles from './landing.module.css';
import { CONTENT, LISTINGS, productTag } from '../../domain/cache-tags';

/** A landing page (`/promo/{code}/`): a hero, its text and the products its selection picks that can be bought. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url).pathname;
  const landing = await context.services.content.landing(url);
  if (!landing) throw data(null, { status: 404 });
  context.cacheTags.add(CONTENT).add(LISTINGS);
  for (const card of landing.products) context.cacheTags.add(productTag(card.id));
  return {
    landing: {
      url: landing.url,
      title: landing.title,
      description: landing.description,
      hero: landing.hero,
      html: renderMarkdown(landing.body),
    },
    products: landing.products,
    imgVersion: context.options.imgVersion,
    origin: context.siteUrl,
  };
}

export const headers = cachePolicy('public');

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: `Страница не найдена — ${SHOP_NAME}` }];
  const { landing, origin, imgVersion } = loaded;
  return [
    { title: `${landing.title} — ${SHOP_NAME}` },
    { name: 'description', content: landing.description },
    { tagName: 'link', rel: 'canonical', href: `${origin}${landing.url}` },
    { property: 'og:title', content: landing.title },
    { property: 'og:image', content: `${origin}${imageUrl(landing.hero, 'detail', imgVersion)}` },
  ];
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { landing, products, imgVersion, origin } = loaderData;
  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <Breadcrumbs
          crumbs={[
            { name: 'Главная', url: '/' },
            { name: landing.title, url: landing.url },
          ]}
          origin={origin}
        />
      </div>
      <section className={`container ${styles.hero}`} aria-labelledby="landing-title">
        <div className={styles.heroText}>
          <h1 id="landing-title" className={styles.title}>
            {landing.title}
          </h1>
          <Prose html={landing.html} className={styles.text} />
        </div>
        <img
          className={styles.heroImage}
          src={imageUrl(landing.hero, 'detail', imgVersion)}
          srcSet={`${imageUrl(landing.hero, 'detail', imgVersion)} 426w, ${imageUrl(landing.hero, 'source', imgVersion)} 852w`}
          sizes="(max-width: 700px) 100vw, 426px"
          width={426}
          height={640}
          alt=""
          fetchPriority="high"
        />
      </section>
      <section className="container" aria-labelledby="landing-products">
        <h2 id="landing-products" className={styles.heading}>
          {products.length ? `В подборке — ${products.length}` : 'Подборка скоро пополнится'}
        </h2>
        <div className={styles.grid}>
          {products.map((card) => (
            <ProductCard key={card.id} card={card} imgVersion={imgVersion} />
          ))}
        </div>
      </section>
    </main>
  );
}
