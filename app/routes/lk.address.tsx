import { ShopLink } from '~/components/ui/ShopLink';
import { Form, useSearchParams } from 'react-router';
import { addressInput, addressUpdateInput } from '../../domain/cabinet/cabinet.schemas';
import type { Address } from '../../domain/cabinet/addresses';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import forms from '~/components/account/AccountForms.module.css';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { Field } from '~/components/account/LoginForms';
import { requireCabinetUser } from '~/lib/cabinet';
import { formFields } from '~/lib/form-fields';
import { firstIssue, formFailure } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk.address';

/** Spec §2 /lk/address/: courier and Russian Post addresses; add, edit (?edit=id), delete, make default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  return { items: await context.services.cabinet.addresses(context.ctx) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCabinetUser(request, context);
  const { services, ctx } = context;
  const fields = await formFields(request);
  try {
    if (fields.intent === 'delete') {
      await services.cabinet.deleteAddress(ctx, Number(fields.id));
      return { notice: 'Адрес удалён.' };
    }
    if (fields.intent === 'default') {
      const current = (await services.cabinet.addresses(ctx)).find((a) => a.id === Number(fields.id));
      if (current) await services.cabinet.updateAddress(ctx, current.id, { ...current, isDefault: 'Y' });
      return { notice: 'Адрес выбран основным.' };
    }
    if (fields.intent === 'update') {
      const input = addressUpdateInput.safeParse(fields);
      if (!input.success) return { values: fields, ...firstIssue(input.error) };
      const { id, ...address } = input.data;
      await services.cabinet.updateAddress(ctx, id, address);
      return { notice: 'Адрес сохранён.' };
    }
    const input = addressInput.safeParse(fields);
    if (!input.success) return { values: fields, ...firstIssue(input.error) };
    await services.cabinet.addAddress(ctx, input.data);
    return { notice: 'Адрес добавлен.' };
  } catch (error) {
    return { values: fields, ...formFailure(error) };
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Мои адреса — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

function AddressForm({
  address,
  result,
}: {
  address?: Address;
  result?: { field?: string; error?: string; values?: Record<string, string> };
}) {
  const [params] = useSearchParams();
  const type = result?.values?.type ?? address?.type ?? params.get('type') ?? 'COURIER';
  const initial = (name: keyof Address) => result?.values?.[name] ?? (address ? String(address[name] ?? '') : '');
  const filled = {
    ...result,
    values: Object.fromEntries(
      ['city', 'street', 'house', 'flat', 'entrance', 'floor', 'intercom', 'comment', 'postcode', 'postAddress'].map(
        (k) => [k, initial(k as keyof Address)],
      ),
    ),
  };
  return (
    <Form method="post" className={forms.form} style={{ maxWidth: 640 }}>
      <input type="hidden" name="intent" value={address ? 'update' : 'add'} />
      {address && <input type="hidden" name="id" value={address.id} />}
      <fieldset className={styles.row} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={forms.hint}>Куда доставить</legend>
        <ShopLink to="?type=COURIER" aria-current={type === 'COURIER' ? 'true' : undefined}>
          Курьером
        </ShopLink>
        <ShopLink to="?type=POST" aria-current={type === 'POST' ? 'true' : undefined}>
          Почтой России
        </ShopLink>
      </fieldset>
      <input type="hidden" name="type" value={type} />
      {type === 'POST' ? (
        <>
          <Field name="postcode" label="Индекс" inputMode="numeric" maxLength={6} result={filled} />
          <Field name="postAddress" label="Адрес" autoComplete="street-address" result={filled} />
        </>
      ) : (
        <div className={styles.grid2}>
          <Field name="city" label="Город" autoComplete="address-level2" result={filled} />
          <Field name="street" label="Улица" autoComplete="address-line1" result={filled} />
          <Field name="house" label="Дом" result={filled} />
          <Field name="flat" label="Квартира" result={filled} />
          <Field name="entrance" label="Подъезд" result={filled} />
          <Field name="floor" label="Этаж" result={filled} />
          <Field name="intercom" label="Домофон" result={filled} />
          <Field name="comment" label="Комментарий курьеру" result={filled} />
        </div>
      )}
      <label className={forms.check}>
        <input type="checkbox" name="isDefault" value="Y" defaultChecked={address?.isDefault} />
        <span>Основной адрес</span>
      </label>
      {result?.field === 'form' && (
        <p className={forms.error} role="alert">
          {result.error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={forms.button}>
          {address ? 'Сохранить' : 'Добавить адрес'}
        </button>
        {address && <ShopLink to="/lk/address/">Отмена</ShopLink>}
      </div>
    </Form>
  );
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const editing = loaderData.items.find((a) => String(a.id) === params.get('edit'));
  const result = actionData && 'notice' in actionData ? undefined : actionData;
  return (
    <CabinetLayout title="Мои адреса">
      {actionData && 'notice' in actionData && (
        <p className={forms.notice} role="status">
          {actionData.notice}
        </p>
      )}
      {loaderData.items.length === 0 ? (
        <p className={styles.empty}>Сохранённых адресов пока нет. Добавьте адрес — он подставится при заказе.</p>
      ) : (
        <ul className={styles.list}>
          {loaderData.items.map((a) => (
            <li key={a.id} className={styles.card}>
              <strong>{a.type === 'POST' ? 'Почта России' : 'Курьер'}</strong>
              <span>{a.title}</span>
              {a.isDefault && <span className={`${styles.state} ${styles.ok}`}>основной</span>}
              <div className={styles.actions}>
                <ShopLink to={`?edit=${a.id}&type=${a.type}`} aria-label={`Изменить адрес ${a.title}`}>
                  Изменить
                </ShopLink>
                {!a.isDefault && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="default" />
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className={forms.linkButton}>
                      Сделать основным
                    </button>
                  </Form>
                )}
                <Form
                  method="post"
                  onSubmit={(e) => {
                    if (!window.confirm(`Удалить адрес «${a.title}»?`)) e.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" className={forms.linkButton} aria-label={`Удалить адрес ${a.title}`}>
                    Удалить
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className={styles.section} aria-labelledby="address-form">
        <h2 id="address-form">{editing ? 'Изменить адрес' : 'Новый адрес'}</h2>
        <AddressForm key={editing?.id ?? 'new'} address={editing} result={result} />
      </section>
    </CabinetLayout>
  );
}
