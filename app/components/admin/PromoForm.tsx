import { Form } from 'react-router';
import { type FormValues, listOf } from '~/lib/admin-action';
import admin from '../../routes/admin/admin.module.css';
import styles from '../../routes/admin/promo.module.css';
import { Options } from './kit';

interface Choice {
  id: number;
  name: string;
}

/** The promo code's form: create (with the code) and edit (everything but the code). Works without JavaScript. */
export function PromoForm(props: {
  values: FormValues;
  sections: Choice[];
  brands: Choice[];
  withCode: boolean;
  submit: string;
  /** Where the form posts: the page's own path, without a notice's query. */
  action: string;
}) {
  const { values, sections, brands } = props;
  return (
    <Form method="post" action={props.action} className={styles.grid}>
      <input type="hidden" name="intent" value="save" />
      {props.withCode && (
        <div className={`${styles.wide} ${styles.field}`}>
          <label htmlFor="promo-code">Промокод</label>
          <input
            id="promo-code"
            name="code"
            required
            maxLength={32}
            pattern="[A-Za-z0-9_\-]{3,32}"
            defaultValue={values.code}
            aria-describedby="promo-code-hint"
            autoCapitalize="characters"
          />
          <span id="promo-code-hint" className={styles.hint}>
            От 3 до 32 символов: латинские буквы, цифры, «_» и «-». Сохраняется заглавными буквами.
          </span>
        </div>
      )}
      <label>
        Вид скидки
        <select name="kind" defaultValue={values.kind || 'percent'}>
          <option value="percent">Процент от цены товаров</option>
          <option value="amount">Сумма в рублях</option>
        </select>
      </label>
      <label>
        Размер скидки (% или ₽)
        <input name="value" required inputMode="decimal" defaultValue={values.value} />
      </label>
      <label>
        Заказ от, ₽
        <input name="minTotal" inputMode="decimal" defaultValue={values.minTotal} placeholder="0" />
      </label>
      <span className={styles.spacer} />
      <label>
        Действует с (время московское)
        <input name="startsAt" type="datetime-local" defaultValue={values.startsAt} />
      </label>
      <label>
        Действует до (время московское)
        <input name="endsAt" type="datetime-local" defaultValue={values.endsAt} />
      </label>
      <label>
        Лимит использований всего
        <input name="usesLimit" inputMode="numeric" defaultValue={values.usesLimit} placeholder="без лимита" />
      </label>
      <label>
        Лимит на одного покупателя
        <input
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={values.perCustomerLimit}
          placeholder="без лимита"
        />
      </label>
      <label>
        Разделы (пусто — все; несколько — с Ctrl или ⌘)
        <select name="sectionIds" multiple defaultValue={listOf(values.sectionIds)}>
          <Options of={sections} />
        </select>
      </label>
      <label>
        Бренды (пусто — все; несколько — с Ctrl или ⌘)
        <select name="brandIds" multiple defaultValue={listOf(values.brandIds)}>
          <Options of={brands} />
        </select>
      </label>
      <div className={styles.actions}>
        <button type="submit" className={admin.button}>
          {props.submit}
        </button>
      </div>
    </Form>
  );
}
