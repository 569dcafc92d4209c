import { data } from 'react-router';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { feedbackInput } from '../../domain/feedback/feedback';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { FeedbackForm } from '~/components/feedback/FeedbackForm';
import { StoreMap } from '~/components/stores/StoreMap';
import { formFields } from '~/lib/form-fields';
import { firstIssue, formFailure, typedValues } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/contacts';
import styles from './contacts.module.css';

/** Spec §2 /contacts/: the shop's requisites, phones of the visitor's region, email, the shops' map, the feedback form. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = context;
  const shops = await services.shops.list(ctx);
  const city = ctx.city;
  return {
    phones: city?.phones ?? [],
    cityName: city?.name ?? '',
    email: services.feedback.contactEmail,
    /** The form's signed start: this page is private, so the token is this visitor's, issued now. */
    feedbackStart: services.feedback.startToken(ctx),
    company: services.content.company,
    shops: shops.filter((s) => s.city === (city?.id ?? shops[0]?.city)),
    origin: context.siteUrl,
  };
}

/** The form without JavaScript: the same rules as `/api/v2/feedback/add/`, the typed values kept on an error. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const values = typedValues(fields);
  const input = feedbackInput.safeParse(fields);
  if (!input.success) return data({ values, ...firstIssue(input.error) }, { status: 400 });
  try {
    return { message: (await context.services.feedback.ask(context.ctx, input.data)).message };
  } catch (error) {
    return data({ values, ...formFailure(error) }, { status: 400 });
  }
}

/**
 * Not kept by the page cache: the form carries the time it was rendered (the minimum fill time without JavaScript),
 * which a shared copy would make minutes old.
 */
export const headers = cachePolicy('private');

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: `Контакты и вопросы — ${SHOP_NAME}` },
    {
      name: 'description',
      content: 'Телефоны, email и адреса магазинов ВЬЮГА. Задайте вопрос о заказе, доставке, возврате или размере.',
    },
    { tagName: 'link', rel: 'canonical', href: `${page?.origin ?? ''}/contacts/` },
  ];
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { phones, cityName, email, company, shops, origin } = loaderData;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <Breadcrumbs
        crumbs={[
          { name: 'Главная', url: '/' },
          { name: 'Контакты', url: '/contacts/' },
        ]}
        origin={origin}
      />
      <h1 className={styles.title}>Контакты</h1>
      <div className={styles.layout}>
        <section aria-labelledby="ask" className={styles.ask}>
          <h2 id="ask" className={styles.subtitle}>
            Задать вопрос
          </h2>
          <p className={styles.lead}>Ответим на почту или по телефону в течение рабочего дня.</p>
          <FeedbackForm result={actionData} start={loaderData.feedbackStart} />
        </section>
        <aside className={styles.facts} aria-label="Как с нами связаться">
          <h2 className={styles.subtitle}>{cityName ? `Телефоны, ${cityName}` : 'Телефоны'}</h2>
          <ul className={styles.list}>
            {phones.map((p) => (
              <li key={p}>
                <a href={`tel:${p.replace(/[^\d+]/g, '')}`} className={styles.phone}>
                  {p}
                </a>
              </li>
            ))}
          </ul>
          <p>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
          <h2 className={styles.subtitle}>Реквизиты</h2>
          <dl className={styles.requisites}>
            <dt>Компания</dt>
            <dd>{company.name}</dd>
            <dt>ИНН</dt>
            <dd>{company.inn}</dd>
            <dt>ОГРН</dt>
            <dd>{company.ogrn}</dd>
            <dt>Адрес</dt>
            <dd>{company.address}</dd>
          </dl>
          {shops.length > 0 && (
            <>
              <h2 className={styles.subtitle}>{`Магазины, ${shops[0]?.cityName}`}</h2>
              <StoreMap
                shops={shops.map((s) => ({ ...s, lat: s.location.lat, lon: s.location.lon }))}
                label={`Магазины на карте: ${shops[0]?.cityName}`}
              />
              <p>
                <a href="/stores/">Все магазины и часы работы</a>
              </p>
            </>
          )}
        </aside>
      </div>
    </main>
  );
}
