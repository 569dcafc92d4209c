import { ShopLink } from '~/components/ui/ShopLink';
import styles from './Breadcrumbs.module.css';

export interface Crumb {
  name: string;
  url: string;
}

/** Breadcrumbs with schema.org BreadcrumbList JSON-LD; the last crumb is the current page. */
export function Breadcrumbs({ crumbs, origin }: { crumbs: Crumb[]; origin: string }) {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: `${origin}${c.url}`,
    })),
  };
  return (
    <nav aria-label="Навигационная цепочка" className={styles.nav}>
      <ol className={styles.list}>
        {crumbs.map((c, i) => (
          <li key={c.url} className={styles.item}>
            {i < crumbs.length - 1 ? (
              <ShopLink to={c.url}>{c.name}</ShopLink>
            ) : (
              <span aria-current="page">{c.name}</span>
            )}
          </li>
        ))}
      </ol>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, read by search engines
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
    </nav>
  );
}
