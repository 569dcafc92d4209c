import { data } from 'react-router';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { FAQ_URL } from '../../domain/content/content';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { InfoMenu } from '~/components/content/InfoMenu';
import { Prose } from '~/components/content/Prose';
import { AskQuestion } from '~/components/feedback/AskQuestion';
import { renderMarkdown } from '~/lib/markdown.server';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/info';
import styles from './info.module.css';
import { CONTENT } from '../../domain/cache-tags';

/**
 * An information page from the database (`/info/…/`, `/agreement/`): its Markdown with the shop's facts filled in,
 * rendered here; the FAQ page adds its questions by topic. An unknown or unpublished address is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url).pathname;
  const [page, links] = await Promise.all([services.content.page(url), services.content.links()]);
  if (!page) throw data(null, { status: 404 });
  context.cacheTags.add(CONTENT);
  const faq =
    url === FAQ_URL
      ? (await services.content.faq()).map((t) => ({
          topic: t.topic,
          items: t.items.map((i) => ({ id: i.id, question: i.question, answer: renderMarkdown(i.answer) })),
        }))
      : null;
  return {
    page: { url: page.url, title: page.title, description: page.description, html: renderMarkdown(page.body) },
    links: links.map(({ url: href, title, menuSection }) => ({ url: href, title, menuSection })),
    faq,
    origin: context.siteUrl,
  };
}

export const headers = cachePolicy('public');

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: `Страница не найдена — ${SHOP_NAME}` }];
  return [
    { title: `${loaded.page.title} — ${SHOP_NAME}` },
    { name: 'description', content: loaded.page.description },
    { tagName: 'link', rel: 'canonical', href: `${loaded.origin}${loaded.page.url}` },
  ];
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page, links, faq, origin } = loaderData;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <Breadcrumbs
        crumbs={[
          { name: 'Главная', url: '/' },
          { name: page.title, url: page.url },
        ]}
        origin={origin}
      />
      <div className={styles.layout}>
        <article className={styles.article}>
          <h1 className={styles.title}>{page.title}</h1>
          <Prose html={page.html} />
          {faq && (
            <>
              {faq.map((topic) => (
                <section key={topic.topic} aria-labelledby={`faq-${topic.items[0]?.id}`} className={styles.topic}>
                  <h2 id={`faq-${topic.items[0]?.id}`} className={styles.subtitle}>
                    {topic.topic}
                  </h2>
                  {topic.items.map((item) => (
                    <details key={item.id} className={styles.question}>
                      <summary>{item.question}</summary>
                      <Prose html={item.answer} className={styles.answer} />
                    </details>
                  ))}
                </section>
              ))}
              <AskQuestion about="Не нашли ответа? Спросите нас — ответим в течение рабочего дня." />
            </>
          )}
        </article>
        <InfoMenu links={links} />
      </div>
    </main>
  );
}
