import { AUTH_PAGES } from '~/components/account/AuthLink';
import { DiscountCardLink } from '~/components/account/DiscountCardLink';
import { KeptMarkup } from '~/components/ui/KeptMarkup';
import { ShopLink } from '~/components/ui/ShopLink';
import { type Company, formatHotline, hotlineHref } from '../../../domain/content/company';
import styles from './Footer.module.css';
import { Newsletter } from './Newsletter';

const COLUMNS = [
  [
    'Покупателям',
    [
      ['Доставка и оплата', '/info/dostavka-i-oplata/'],
      ['Бонусная программа', '/info/bonusnaya-programma/'],
      ['Дисконтная карта', AUTH_PAGES.registerdc],
      ['Возврат и обмен', '/info/vozvrat-i-obmen/'],
      ['Выбор размера', '/info/vybor-razmera/'],
      ['Вопросы и ответы', '/info/faq/'],
    ],
  ],
  [
    'Каталог',
    [
      ['Женщинам', '/catalog/women/'],
      ['Мужчинам', '/catalog/man/'],
      ['Бренды', '/brands/'],
      ['Поиск', '/search/'],
    ],
  ],
  [
    'Магазины',
    [
      ['Адреса магазинов', '/stores/'],
      ['Задать вопрос', '/contacts/'],
      ['Личный кабинет', '/lk/'],
    ],
  ],
  [
    'О компании',
    [
      ['О компании', '/info/o-kompanii/'],
      ['Публичная оферта', '/info/oferta/'],
      ['Согласие на обработку данных', '/agreement/'],
    ],
  ],
] as const;

/** The shop's links, the newsletter, and the company's requisites and hot line as the settings give them. */
export function Footer({ company }: { company: Company }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        {/* The same on every page: the server renders the columns once. */}
        <KeptMarkup as="div" markupKey="footer-columns" className={styles.columns}>
          {() =>
            COLUMNS.map(([title, links]) => (
              <nav key={title} aria-label={title} className={styles.column}>
                <h2 className={styles.title}>{title}</h2>
                <ul>
                  {links.map(([label, href]) => (
                    <li key={href}>
                      {href === AUTH_PAGES.registerdc ? (
                        <DiscountCardLink>{label}</DiscountCardLink>
                      ) : (
                        <ShopLink to={href}>{label}</ShopLink>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
            ))
          }
        </KeptMarkup>
        <Newsletter />
      </div>
      <div className={`container ${styles.bottom}`}>
        <span>
          © 2026 ВЬЮГА — тёплая одежда для города. Цены в рублях, включая НДС.
          <br />
          {`${company.name}, ИНН ${company.inn}, ОГРН ${company.ogrn}`}
        </span>
        <a href={hotlineHref(company.hotline)} className="price">
          {formatHotline(company.hotline)}
        </a>
      </div>
    </footer>
  );
}
