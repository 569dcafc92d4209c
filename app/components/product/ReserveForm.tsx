import { useEffect, useId, useState } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { normalizePhone } from '../../../domain/auth/phone';
import type { ProductOffer } from '../../../domain/catalog/product/product';
import type { ReserveData } from '../../../domain/stores/shops.service';
import { PhoneConfirm } from '~/components/order/PhoneConfirm';
import { reachGoal } from '~/lib/analytics';
import { NETWORK_ERROR, postApi, postRpc, UNKNOWN_RESPONSE } from '~/lib/api';
import { useVisitor } from '~/lib/visitor';
import styles from './ReserveInShop.module.css';

const QUANTITY_TEXT = { many: 'много', few: 'мало', none: 'нет' } as const;

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; data: ReserveData };

/** The reservation's steps inside «Забрать в магазине»'s dialog: the shop, the name and the confirmed phone. */
export function ReserveForm({ productName, offer }: { productName: string; offer: ProductOffer }) {
  const id = useId();
  const visitor = useVisitor();
  const user = visitor?.user;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [cityId, setCityId] = useState<number | null>(null);
  const [shopId, setShopId] = useState<number | null>(null);
  const [name, setName] = useState(user?.auth ? [user.lastName, user.name].filter(Boolean).join(' ') : '');
  const [phone, setPhone] = useState(user?.confirmedPhone || user?.phone || '');
  const [confirmed, setConfirmed] = useState<string | null>(user?.confirmedPhone || null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ id: number; number: string } | null>(null);
  const [key] = useState(() => crypto.randomUUID());

  // The shops load when the dialog opens, and again on «Повторить».
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the «Повторить» that loads again
  useEffect(() => {
    let gone = false;
    setLoad({ state: 'loading' });
    void postApi('reserveData', { offerId: offer.id }).then((answer) => {
      if (gone) return;
      // Spec §8: a failure to load is «Не удалось загрузить данные»; the server's own refusal says what it is.
      if (!answer.ok)
        return setLoad({
          state: 'error',
          message: answer.message === UNKNOWN_RESPONSE ? NETWORK_ERROR : answer.message,
        });
      setLoad({ state: 'done', data: answer.data });
      setCityId(answer.data.cities.find((c) => c.current)?.id ?? answer.data.cities[0]?.id ?? null);
    });
    return () => {
      gone = true;
    };
  }, [offer.id, attempt]);

  if (done) {
    const shop = load.state === 'done' ? load.data.shops.find((s) => s.id === shopId) : undefined;
    return (
      <div className={styles.done} role="status">
        <p className={styles.number}>{`Заказ № ${done.number}`}</p>
        <p>
          {`Размер ${offer.sizeName} отложен: ${shop?.name}, ${shop?.address}. Забрать: ${shop?.collection?.text}.`}
        </p>
        <p className={styles.muted}>Назовите номер заказа на кассе. Подтверждение пришлём в SMS.</p>
        <ShopLink to={`/order/?ORDER_ID=${done.id}`} className={styles.link}>
          Открыть заказ
        </ShopLink>
      </div>
    );
  }

  const submit = async () => {
    setError('');
    if (!shopId) return setError('Выберите магазин.');
    setBusy(true);
    const answer = await postRpc('sale.reserve.save', {
      idempotencyKey: key,
      offerId: offer.id,
      shopId,
      name,
      phone,
      email: user?.email ?? '',
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    reachGoal('take-from-store');
    setDone(answer.data);
  };

  return (
    <div className={styles.body}>
      <p className={styles.product}>{`${productName}, размер ${offer.sizeName}`}</p>
      {load.state === 'loading' && (
        <p className={styles.muted} role="status">
          Загружаем магазины…
        </p>
      )}
      {load.state === 'error' && (
        <div className={styles.error} role="alert">
          <p>{load.message}</p>
          <button type="button" className={styles.secondary} onClick={() => setAttempt(attempt + 1)}>
            Повторить
          </button>
        </div>
      )}
      {load.state === 'done' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {load.data.cities.length > 1 && (
            <label className={styles.field}>
              Город
              <select
                value={cityId ?? ''}
                onChange={(e) => {
                  setCityId(Number(e.target.value));
                  setShopId(null);
                }}
              >
                {load.data.cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <fieldset className={styles.shops}>
            <legend className={styles.legend}>Магазин</legend>
            {load.data.shops
              .filter((s) => s.city === cityId)
              // The shops that can give the size first, those with it on the shelf before those waiting for it.
              .sort((a, b) => Number(!a.collection) - Number(!b.collection) || b.quantity - a.quantity)
              .map((s) => (
                <label key={s.id} className={styles.shop} data-disabled={!s.collection || undefined}>
                  <input
                    type="radio"
                    name={`${id}-shop`}
                    checked={shopId === s.id}
                    disabled={!s.collection}
                    onChange={() => setShopId(s.id)}
                  />
                  <span className={styles.shopText}>
                    <span className={styles.shopHead}>
                      <b>{s.name}</b>
                      <span className={styles[s.quantityState]}>{QUANTITY_TEXT[s.quantityState]}</span>
                    </span>
                    <span className={styles.muted}>{s.metro ? `${s.address} · м. ${s.metro}` : s.address}</span>
                    <span>{s.collection ? `Забрать: ${s.collection.text}` : 'Этот размер сюда не привезти'}</span>
                    <span className={styles.muted}>{s.openText ? `${s.hours}; ${s.openText}` : s.hours}</span>
                  </span>
                </label>
              ))}
          </fieldset>
          <label className={styles.field}>
            Имя и фамилия
            <input
              name="name"
              autoComplete="name"
              required
              maxLength={200}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <PhoneConfirm
            phone={phone}
            confirmed={confirmed !== null && confirmed === normalizePhone(phone)}
            onPhone={setPhone}
            onConfirmed={setConfirmed}
          />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button
            type="submit"
            className={styles.primary}
            disabled={busy || !shopId || confirmed !== normalizePhone(phone) || !name.trim()}
          >
            {busy ? 'Бронируем…' : 'Забронировать'}
          </button>
        </form>
      )}
    </div>
  );
}
