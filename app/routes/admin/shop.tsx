import { data, Form, Link } from 'react-router';
import { CardHead, FormResult, TableFrame } from '~/components/admin/kit';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { imageUrl } from '../../../contract/images';
import { WEEKDAYS, type Weekday } from '../../../domain/stores/hours';
import { TYPE_NAMES } from '../../../domain/stores/shops-admin';
import { EMPTY_HOLIDAY_ROWS, shopFormInput, shopUpdateInput } from '../../../domain/stores/shops-admin.schemas';
import { SERVICE_NAMES } from '../../../domain/stores/shops.service';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
import styles from './shops.module.css';
import type { Route } from './+types/shop';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Понедельник',
  tue: 'Вторник',
  wed: 'Среда',
  thu: 'Четверг',
  fri: 'Пятница',
  sat: 'Суббота',
  sun: 'Воскресенье',
};

/** What the form shows: the shop's data, or what was sent when a rule refused it. */
interface Draft {
  name: string;
  address: string;
  phone: string;
  metro: string | null;
  weekHours: Partial<Record<Weekday, readonly [string, string] | readonly string[] | null>> | null;
  holidays: { date: string; hours: readonly [string, string] | readonly string[] | null; note?: string }[];
  services: string[];
  reservable?: boolean;
}

const shopId = (value: string | undefined) => {
  if (!value || !/^\d{1,9}$/.test(value)) throw data('Магазин не найден.', { status: 404 });
  return Number(value);
};

/** A shop's data (issue 28.4): name, address, phone, metro, the week's hours, holidays, services, reservation. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'content.edit');
  const id = shopId(params.id);
  const shop = await context.services.shopsAdmin.card(context.ctx, id).catch(loaderRefusal);
  // The form's lists travel with the data: the page's JavaScript carries no schema or service module (zod).
  return {
    shop,
    imgVersion: context.options.imgVersion,
    typeName: TYPE_NAMES[shop.type] ?? shop.type,
    serviceNames: Object.entries(SERVICE_NAMES),
    emptyHolidayRows: EMPTY_HOLIDAY_ROWS,
  };
}

export const action = staffAction('content.edit', {
  save: intent({
    read: (form) => shopFormInput(form.form),
    schema: shopUpdateInput,
    keepRead: true,
    async run({ input, context, params }) {
      await context.services.shopsAdmin.update(context.ctx, shopId(params.id), input);
      return 'Сохранено: страница магазина на сайте уже показывает изменения.';
    },
  }),
});

export const headers = cachePolicy('private');

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: `${loaded?.shop.name ?? 'Магазин'} — ВЬЮГА` }, { name: 'robots', content: 'noindex' }];
}

function Hours({ prefix, label, span }: { prefix: string; label: string; span: readonly string[] | null | undefined }) {
  return (
    <>
      <td>
        <label className={styles.check}>
          <input type="checkbox" name={`${prefix}.closed`} defaultChecked={span === null} />
          {prefix.startsWith('h') ? 'Закрыт' : 'Выходной'}
          <span className="visually-hidden">{`: ${label}`}</span>
        </label>
      </td>
      <td>
        <span className={styles.time}>
          <Time name={`${prefix}.from`} label={`${label}: открытие`} word="с" placeholder="10:00" value={span?.[0]} />
          <Time name={`${prefix}.to`} label={`${label}: закрытие`} word="до" placeholder="22:00" value={span?.[1]} />
        </span>
      </td>
    </>
  );
}

/** One end of a day's hours: «с» or «до» and the time, named in full for screen readers. */
function Time(props: { name: string; label: string; word: string; placeholder: string; value: string | undefined }) {
  return (
    <label>
      <span className="visually-hidden">{props.label}</span>
      {props.word}{' '}
      <input
        type="text"
        inputMode="numeric"
        name={props.name}
        placeholder={props.placeholder}
        defaultValue={props.value ?? ''}
      />
    </label>
  );
}

export default function ShopEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, imgVersion, typeName, serviceNames, emptyHolidayRows } = loaderData;
  const result = actionData as FormOutcome | undefined;
  // A refused form shows what was sent, as the action read it.
  const draft = result?.error ? (result.sent as Draft | undefined) : undefined;
  const v: Draft = draft ?? shop;
  const holidays = [...v.holidays, ...Array.from({ length: emptyHolidayRows }, () => null)];
  return (
    <>
      <CardHead back={{ to: '/admin/shops/', label: 'Все магазины' }} title={shop.name}>
        <span className={styles.muted}>{`${shop.cityName} · ${typeName} · ${shop.code}`}</span>
        {shop.url && (
          <a className={styles.link} href={shop.url}>
            Страница на сайте
          </a>
        )}
      </CardHead>
      <FormResult result={result} />
      {/* A refused form shows what was sent: a new key lets the fields take it. */}
      <Form method="post" className={styles.form} key={draft ? 'draft' : shop.hours + shop.holidays.length}>
        <fieldset>
          <legend>Магазин</legend>
          <div className={styles.fields}>
            <label>
              Название
              <input type="text" name="name" required maxLength={100} defaultValue={v.name} />
            </label>
            <label>
              Адрес
              <input type="text" name="address" required maxLength={200} defaultValue={v.address} />
            </label>
            <label>
              Телефон
              <input type="tel" name="phone" required maxLength={24} defaultValue={v.phone} />
            </label>
            <label>
              Метро
              <input type="text" name="metro" maxLength={100} defaultValue={v.metro ?? ''} />
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>Часы работы</legend>
          <p className={styles.muted}>
            {shop.weekHours
              ? `Сейчас на сайте: ${shop.hours}. Время — ЧЧ:ММ; закрытие позже открытия или ночью следующего дня, до 06:00.`
              : `Часы по дням не заданы (на сайте: ${shop.hours}). Оставьте все дни пустыми или заполните каждый.`}
          </p>
          <TableFrame label="Часы работы по дням">
            <table className={styles.week}>
              <tbody>
                {WEEKDAYS.map((d) => (
                  <tr key={d}>
                    <th scope="row">{DAY_NAMES[d]}</th>
                    <Hours prefix={d} label={DAY_NAMES[d]} span={v.weekHours ? v.weekHours[d] : ['', '']} />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </fieldset>
        <fieldset>
          <legend>Особые дни</legend>
          <p className={styles.muted}>
            Праздники и дни с другими часами. Пустые строки — для новых дней; строка без даты не сохраняется.
          </p>
          <div className={styles.holidays}>
            {holidays.map((h, i) => {
              const label = h ? `Особый день ${h.date}` : `Новый особый день ${i + 1 - v.holidays.length}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the form's numbered fields
                <div className={styles.holiday} key={i}>
                  <label>
                    <span className="visually-hidden">{`${label}: дата`}</span>
                    <input type="date" name={`h${i}.date`} defaultValue={h?.date ?? ''} />
                  </label>
                  <table className={styles.week}>
                    <tbody>
                      <tr>
                        <Hours prefix={`h${i}`} label={label} span={h ? h.hours : ['', '']} />
                      </tr>
                    </tbody>
                  </table>
                  <label className={styles.note}>
                    <span className="visually-hidden">{`${label}: пояснение`}</span>
                    <input
                      type="text"
                      name={`h${i}.note`}
                      maxLength={100}
                      placeholder="Пояснение"
                      defaultValue={h?.note ?? ''}
                    />
                  </label>
                  {h && (
                    <label className={styles.check}>
                      <input type="checkbox" name={`h${i}.remove`} />
                      Удалить<span className="visually-hidden">{` ${label}`}</span>
                    </label>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend>Услуги и бронирование</legend>
          <div className={styles.checks}>
            {serviceNames.map(([code, name]) => (
              <label className={styles.check} key={code}>
                <input type="checkbox" name="services" value={code} defaultChecked={v.services.includes(code)} />
                {name}
              </label>
            ))}
            {shop.type === 'shop' ? (
              <label className={styles.check}>
                <input type="hidden" name="reservableShown" value="1" />
                <input type="checkbox" name="reservable" defaultChecked={v.reservable ?? shop.reservable} />
                Можно бронировать размер
              </label>
            ) : (
              <span className={styles.readonly}>Бронирование — только в магазинах, не на складах.</span>
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend>Фотографии</legend>
          {shop.photos.length > 0 ? (
            <ul className={styles.photos}>
              {shop.photos.map((p, i) => (
                <li key={p}>
                  <img
                    src={imageUrl(p, 'shop', imgVersion)}
                    alt={`${shop.name}, фото ${i + 1}`}
                    width={120}
                    height={90}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>Фотографий пока нет.</p>
          )}
          <Link className={styles.link} to={`/admin/shops/${shop.id}/photos/`}>
            Изменить фото
          </Link>
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={admin.button}>
            Сохранить
          </button>
          <Link className={styles.link} to="/admin/shops/">
            Отмена
          </Link>
        </div>
      </Form>
    </>
  );
}
