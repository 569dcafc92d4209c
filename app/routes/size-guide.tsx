import { Form } from 'react-router';
import { adviseSize, type Gender, SIZE_TABLES } from '../../domain/catalog/size/advice';
import { sizeAdviceInput } from '../../domain/catalog/size/advice.schemas';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { isDomainError } from '../../domain/errors';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { Prose } from '~/components/content/Prose';
import { renderMarkdown } from '~/lib/markdown.server';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/size-guide';
import styles from './size-guide.module.css';
import { CONTENT } from '../../domain/cache-tags';

const PATH = '/info/vybor-razmera/';
const FIELDS = [
  ['height', 'Рост, см'],
  ['chest', 'Обхват груди, см'],
  ['waist', 'Обхват талии, см'],
  ['hips', 'Обхват бёдер, см'],
] as const;

/** The «Выбор размера» page: the size tables and the size advice form (a GET form: it works without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  let advice: { size: number; text: string } | null = null;
  let error: string | null = null;
  if (query.gender) {
    const input = sizeAdviceInput.safeParse(query);
    if (!input.success) error = input.error.issues[0]?.message ?? 'Проверьте мерки.';
    else
      try {
        advice = adviseSize(input.data);
      } catch (e) {
        if (!isDomainError(e)) throw e;
        error = e.message;
      }
  }
  // How to measure: the page's text from the database, with the other information pages.
  const page = await context.services.content.page(PATH);
  context.cacheTags.add(CONTENT);
  return {
    query,
    advice,
    error,
    origin: context.siteUrl,
    guide: page ? renderMarkdown(page.body) : null,
    description: page?.description ?? null,
  };
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: `Выбор размера: таблицы размеров и подбор по меркам — ${SHOP_NAME}` },
    {
      name: 'description',
      content:
        page?.description ??
        'Таблицы российских размеров женской и мужской верхней одежды ВЬЮГА: обхваты груди, талии, бёдер и рост. Подберите размер по своим меркам.',
    },
    { tagName: 'link', rel: 'canonical', href: `${page?.origin ?? ''}${PATH}` },
  ];
}

export default function SizeGuide({ loaderData }: Route.ComponentProps) {
  const { query, advice, error, origin, guide } = loaderData;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <Breadcrumbs
        crumbs={[
          { name: 'Главная', url: '/' },
          { name: 'Выбор размера', url: PATH },
        ]}
        origin={origin}
      />
      <h1 className={styles.title}>Выбор размера</h1>
      <p className={styles.lead}>
        Снимите мерки по белью сантиметровой лентой: грудь — по самым выступающим точкам, талию — по самому узкому
        месту, бёдра — по самым выступающим точкам ягодиц. Пуховики и пальто носят поверх свитера: мы уже учли запас.
      </p>
      <section aria-labelledby="advice" className={styles.advice}>
        <h2 id="advice" className={styles.subtitle}>
          Подобрать размер
        </h2>
        <Form method="get" className={styles.form} preventScrollReset>
          <label className={styles.field}>
            Для кого
            <select name="gender" defaultValue={query.gender ?? 'woman'}>
              <option value="woman">Женщинам</option>
              <option value="man">Мужчинам</option>
            </select>
          </label>
          {FIELDS.map(([name, label]) => (
            <label key={name} className={styles.field}>
              {label}
              <input name={name} inputMode="decimal" required maxLength={5} defaultValue={query[name] ?? ''} />
            </label>
          ))}
          <button type="submit" className={styles.submit}>
            Подобрать
          </button>
        </Form>
        {advice && (
          <p className={styles.result} role="status">
            <b>{`Ваш размер — ${advice.size}.`}</b> {advice.text}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </section>
      {(['woman', 'man'] as Gender[]).map((gender) => (
        <section key={gender} aria-labelledby={`table-${gender}`}>
          <h2 id={`table-${gender}`} className={styles.subtitle}>
            {gender === 'woman' ? 'Женские размеры' : 'Мужские размеры'}
          </h2>
          <section
            className={styles.scroll}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard must scroll a table wider than a phone (axe scrollable-region-focusable)
            tabIndex={0}
            aria-label={gender === 'woman' ? 'Таблица женских размеров' : 'Таблица мужских размеров'}
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Размер</th>
                  <th scope="col">Грудь, см</th>
                  <th scope="col">Талия, см</th>
                  <th scope="col">Бёдра, см</th>
                  <th scope="col">Рост, см</th>
                </tr>
              </thead>
              <tbody>
                {SIZE_TABLES[gender].map((r) => (
                  <tr
                    key={r.size}
                    aria-current={advice?.size === r.size && query.gender === gender ? 'true' : undefined}
                  >
                    <th scope="row">{r.size}</th>
                    <td>{`до ${r.chest}`}</td>
                    <td>{`до ${r.waist}`}</td>
                    <td>{`до ${r.hips}`}</td>
                    <td>{`${r.height[0]}–${r.height[1]}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      ))}
      {guide && <Prose html={guide} className={styles.guide} />}
    </main>
  );
}
