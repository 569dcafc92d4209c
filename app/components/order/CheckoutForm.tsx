import { useId, useState } from 'react';
import { ConsentNote } from '~/components/ui/ConsentNote';
import { ShopLink } from '~/components/ui/ShopLink';
import { imageUrl } from '../../../contract/images';
import { normalizePhone } from '../../../domain/auth/phone';
import { CONSENT_TEXTS } from '../../../domain/consent/consent';
import type { OrderParams, OrderPageData } from '../../../domain/order/checkout.types';
import type { DeliveryType } from '../../../domain/order/process';
import { formatAmount } from '../../../domain/pricing/price';
import { AuthLink } from '~/components/account/AuthLink';
import { AskQuestion } from '~/components/feedback/AskQuestion';
import { reachGoal } from '~/lib/analytics';
import { postRpc } from '~/lib/api';
import { writeCookie } from '~/lib/cookies';
import { AddressForm } from './AddressForm';
import { LineAmount } from './LineAmount';
import { PhoneConfirm } from './PhoneConfirm';
import { PlacesMap } from '~/components/maps/PlacesMap';
import styles from './Checkout.module.css';

const TYPES: [DeliveryType, string][] = [
  ['COURIER', 'Курьер'],
  ['PICKUP', 'Пункт выдачи'],
  ['POCHTA', 'Почта России'],
  ['SHOP', 'Из магазина'],
];

/** The order state's money is roubles as numbers (spec §7 answers); shown to the kopeck. */
const kopecks = (roubles: number) => Math.round(roubles * 100);
const amount = (roubles: number) => formatAmount(kopecks(roubles));

interface Props {
  state: OrderPageData;
  profile: { name: string; email: string; phone: string };
  confirmedPhones: string[];
  auth: boolean;
  imgVersion: string;
  /** Online payment is on (issue 27): the page offers the choice of how to pay. */
  onlinePayment: boolean;
}

type PaymentMethod = 'CASH' | 'ONLINE';

const PAYMENT_METHODS: [PaymentMethod, string, string][] = [
  ['CASH', 'При получении', 'картой или наличными'],
  ['ONLINE', 'Онлайн: картой или через СБП', 'сразу после оформления'],
];

/**
 * Spec §4 Order: the order page as one form over the server's state. Every choice asks the server for the whole
 * state again (`sale.order.*`), so prices, slots and shops are never worked out in the browser. A call's buttons
 * are locked while it runs; the whole page while the order is saved.
 */
export function CheckoutForm(props: Props) {
  const [state, setState] = useState(props.state);
  const [contact, setContact] = useState(props.profile);
  const [confirmed, setConfirmed] = useState(props.confirmedPhones);
  const [comment, setComment] = useState('');
  const [noCall, setNoCall] = useState(false);
  const [subscribe, setSubscribe] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('CASH');
  const online = props.onlinePayment && paymentMethod === 'ONLINE';
  const [busy, setBusy] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [promo, setPromo] = useState('');
  const [promoError, setPromoError] = useState<string | null>(null);
  const [card, setCard] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  // One key per attempt of this page, kept on retry: a repeated save answers the same order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const id = useId();

  const params = (patch: OrderParams = {}): OrderParams => ({
    deliveryType: state.deliveryType,
    deliveryAddressId: state.deliveryAddressId ?? undefined,
    deliveryIntervalDate: state.deliveryIntervalDate,
    deliveryIntervalTime: state.deliveryIntervalTime,
    deliveryShopId: state.deliveryShopData?.id,
    deliveryPickupPointId: state.deliveryPickupPoint?.id,
    discountCard: state.discountCardActive ? state.discountCard : undefined,
    useBonuses: state.useBonuses,
    ...patch,
  });
  const wire = (p: OrderParams) => ({ ...p, useBonuses: p.useBonuses ? 'Y' : 'N' });

  /** Runs one call with its button locked; the answer's state replaces the page's. */
  async function run(name: string, call: () => Promise<void>) {
    setBusy(name);
    try {
      await call();
    } finally {
      setBusy(null);
    }
  }

  /** Asks for the whole state with the page's choices and `patch`; it replaces the page's. */
  async function load(patch: OrderParams = {}) {
    const answer = await postRpc('sale.order.data', wire(params(patch)));
    if (answer.ok) setState(answer.data);
    else setError(answer.message);
  }

  const refresh = (patch: OrderParams = {}) => run('data', () => load(patch));

  /** A change of a line (`sale.order.basket.*`), then the state that follows from it. */
  const lineCall = (
    method:
      | 'sale.order.basket.delete'
      | 'sale.order.basket.toWishlist'
      | 'sale.order.basket.setQuantity'
      | 'sale.order.basket.setSize',
    lineId: number,
    fields: Record<string, unknown> = {},
  ) =>
    run(`line-${lineId}`, async () => {
      const answer = await postRpc(method, { id: lineId, ...fields });
      if (!answer.ok) return setError(answer.message);
      await load();
    });

  const applyPromo = () =>
    run('promo', async () => {
      const answer = await postRpc('sale.order.setPromocode', { promocode: promo });
      if (!answer.ok) return setPromoError(answer.message);
      setPromo('');
      setPromoError(null);
      await load();
    });

  const removePromo = (code: string) =>
    run('promo', async () => {
      await postRpc('sale.order.resetPromocode', { promocode: code });
      await load();
    });

  const applyCard = () =>
    run('card', async () => {
      const answer = await postRpc('sale.order.setDiscountCard', wire(params({ discountCard: card })));
      if (!answer.ok) return setCardError(answer.message);
      setCardError(null);
      setState(answer.data);
    });

  const removeCard = () =>
    run('card', async () => {
      const answer = await postRpc('sale.order.resetDiscountCard', wire(params({ discountCard: undefined })));
      if (answer.ok) setState(answer.data);
      else setError(answer.message);
    });

  async function save() {
    setError(null);
    setSaving(true);
    const phone = normalizePhone(contact.phone) ?? contact.phone;
    const answer = await postRpc('sale.order.save', {
      ...wire(params()),
      idempotencyKey,
      name: contact.name,
      email: contact.email,
      phone,
      comment,
      isDisabledCall: noCall ? 'Y' : 'N',
      isSubscribe: subscribe ? 'Y' : 'N',
      paymentMethod: online ? 'ONLINE' : 'CASH',
    });
    if (answer.ok) {
      // Spec §3: the profile cookies fill the next order's form; a phone only with its 11 digits.
      writeCookie('user_name', contact.name, 360);
      writeCookie('user_email', contact.email, 360);
      if (normalizePhone(contact.phone)) writeCookie('user_phone', phone, 360);
      writeCookie('order_delivery_interval_date', state.deliveryIntervalDate, 360);
      writeCookie('order_delivery_interval_time', state.deliveryIntervalTime, 360);
      reachGoal('order confirm', { orderId: answer.data.id });
      if (state.deliveryType === 'SHOP') reachGoal('take-from-store', { orderId: answer.data.id });
      // A full load: the header's basket counts and every store of the page start from the emptied basket. An online
      // order goes on to where it is paid (the provider's page, or its own page when the payment could not start).
      window.location.assign(answer.data.payment?.confirmationUrl ?? `/order/?ORDER_ID=${answer.data.id}`);
      return;
    }
    setSaving(false);
    setError(answer.message);
    const code = answer.code.split('/').pop();
    if (code === 'ERROR_ORDER_LIMIT') reachGoal('order count limit');
    // Spec §4: a slot that has gone is replaced by the current ones.
    if (code === 'INTERVAL_DELIVERY' || code === 'NOT_ENOUGH_STOCK') await refresh();
  }

  if (state.items.length === 0)
    return (
      <main id="main" className={`container ${styles.page}`}>
        <h1 className={styles.title}>Оформление заказа</h1>
        <p className={styles.muted}>В корзине нет товаров, которые можно заказать.</p>
        <ShopLink to="/catalog/" className={styles.secondary}>
          Перейти в каталог
        </ShopLink>
      </main>
    );

  const phoneDigits = normalizePhone(contact.phone);
  const phoneConfirmed = phoneDigits !== null && confirmed.includes(phoneDigits);
  const addresses = state.addressList.filter((a) => a.type === (state.deliveryType === 'POCHTA' ? 'POST' : 'COURIER'));
  const dates = Object.keys(state.deliveryIntervalList);
  const shopAllowed = (shopId: number) => state.items.every((item) => item.allowedShopIds.includes(shopId));
  const lock = saving || busy !== null;

  return (
    <main id="main" className={`container ${styles.page}`} aria-busy={saving}>
      <h1 className={styles.title}>Оформление заказа</h1>
      <form
        className={styles.layout}
        onSubmit={(e) => {
          e.preventDefault();
          if (!lock) save();
        }}
      >
        {/* The whole page is locked while the order is being saved (spec §4). */}
        <fieldset disabled={saving} className={styles.main}>
          <section className={styles.block} aria-labelledby={`${id}-items`}>
            <h2 id={`${id}-items`} className={styles.blockTitle}>
              Товары
            </h2>
            <ul className={styles.lines}>
              {state.items.map((item) => {
                const line = state.basket.available.find((l) => l.id === item.id);
                return (
                  <li key={item.id} className={styles.line}>
                    {item.product.image && (
                      <img
                        src={imageUrl(item.product.image, 'thumb', props.imgVersion)}
                        alt=""
                        width={78}
                        height={104}
                        className={styles.thumb}
                      />
                    )}
                    <div className={styles.lineInfo}>
                      <ShopLink to={item.product.url} className={styles.lineName}>
                        {item.product.brandName} · {item.product.name}
                      </ShopLink>
                      {item.offer.colorName && <span className={styles.muted}>{item.offer.colorName}</span>}
                      <div className={styles.lineActions}>
                        <label className={styles.qty}>
                          <span className="visually-hidden">{`Размер: ${item.product.name}`}</span>
                          <select
                            value={item.offer.id}
                            disabled={busy === `line-${item.id}`}
                            onChange={(e) =>
                              lineCall('sale.order.basket.setSize', item.id, { offerId: Number(e.target.value) })
                            }
                          >
                            {item.sizes.map((size) => (
                              <option
                                key={size.offerId}
                                value={size.offerId}
                                disabled={!size.canBuy && size.offerId !== item.offer.id}
                              >
                                {size.canBuy || size.offerId === item.offer.id
                                  ? `Размер ${size.sizeName}`
                                  : `Размер ${size.sizeName} — нет в наличии`}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label className={styles.qty}>
                          <span className="visually-hidden">Количество: {item.product.name}</span>
                          <select
                            value={item.quantity}
                            disabled={busy === `line-${item.id}`}
                            onChange={(e) =>
                              lineCall('sale.order.basket.setQuantity', item.id, { quantity: Number(e.target.value) })
                            }
                          >
                            {Array.from({ length: Math.max(item.quantity, line?.maxQuantity ?? 1) }, (_, n) => n + 1)
                              .slice(0, 10)
                              .map((n) => (
                                <option key={n} value={n}>
                                  {n} шт.
                                </option>
                              ))}
                          </select>
                        </label>
                        <button
                          type="button"
                          className={styles.link}
                          disabled={busy === `line-${item.id}`}
                          onClick={() => lineCall('sale.order.basket.toWishlist', item.id)}
                        >
                          В избранное
                        </button>
                        <button
                          type="button"
                          className={styles.link}
                          disabled={busy === `line-${item.id}`}
                          onClick={() => lineCall('sale.order.basket.delete', item.id)}
                        >
                          Удалить
                        </button>
                      </div>
                    </div>
                    <LineAmount
                      total={kopecks(item.total)}
                      unitPrice={kopecks(item.unitPrice)}
                      quantity={item.quantity}
                    />
                  </li>
                );
              })}
            </ul>
          </section>

          <section className={styles.block} aria-labelledby={`${id}-contact`}>
            <h2 id={`${id}-contact`} className={styles.blockTitle}>
              Получатель
            </h2>
            {!props.auth && (
              <p className={styles.muted}>
                Уже покупали у нас? <AuthLink dialog="login">Войдите</AuthLink> — подставим данные и адреса.
              </p>
            )}
            <div className={styles.fields}>
              <label className={styles.field}>
                Фамилия, имя и отчество
                <input
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={200}
                  value={contact.name}
                  onChange={(e) => setContact({ ...contact, name: e.target.value })}
                />
              </label>
              <label className={styles.field}>
                Email
                <input
                  name="email"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={contact.email}
                  onChange={(e) => setContact({ ...contact, email: e.target.value })}
                />
                <span className={styles.hint}>Пришлём подтверждение и ссылку на заказ.</span>
              </label>
            </div>
            <PhoneConfirm
              phone={contact.phone}
              confirmed={phoneConfirmed}
              onPhone={(phone) => setContact({ ...contact, phone })}
              onConfirmed={(phone) => setConfirmed([...confirmed, phone])}
            />
          </section>

          <section className={styles.block} aria-labelledby={`${id}-delivery`}>
            <h2 id={`${id}-delivery`} className={styles.blockTitle}>
              Способ получения
            </h2>
            <div role="radiogroup" aria-labelledby={`${id}-delivery`} className={styles.types}>
              {TYPES.map(([type, label]) => {
                const price = state.deliveryPrices[type];
                return (
                  <label key={type} className={styles.type} data-checked={state.deliveryType === type || undefined}>
                    <input
                      type="radio"
                      name="deliveryType"
                      value={type}
                      checked={state.deliveryType === type}
                      disabled={price === null || busy === 'data'}
                      onChange={() => refresh({ deliveryType: type, deliveryAddressId: undefined })}
                    />
                    <span className={styles.typeName}>{label}</span>
                    <span className={styles.muted}>
                      {price === null ? 'недоступно' : price === 0 ? 'бесплатно' : amount(price)}
                    </span>
                  </label>
                );
              })}
            </div>

            {(state.deliveryType === 'COURIER' || state.deliveryType === 'POCHTA') && (
              <div className={styles.sub}>
                {addresses.length > 0 && (
                  <fieldset className={styles.choices}>
                    <legend className={styles.legend}>Адрес</legend>
                    {addresses.map((a) => (
                      <label key={a.id} className={styles.choice}>
                        <input
                          type="radio"
                          name="deliveryAddressId"
                          checked={state.deliveryAddressId === a.id}
                          onChange={() => refresh({ deliveryAddressId: a.id })}
                        />
                        <span>{a.title}</span>
                      </label>
                    ))}
                  </fieldset>
                )}
                <AddressForm
                  type={state.deliveryType}
                  open={addresses.length === 0}
                  city={state.city?.name ?? ''}
                  onSave={async (fields) => {
                    const answer = await postRpc('sale.order.delivery.setAddress', { ...wire(params()), ...fields });
                    if (!answer.ok) return answer.message;
                    setState(answer.data);
                    return null;
                  }}
                />
                {state.deliveryType === 'COURIER' && dates.length > 0 && (
                  <div className={styles.fields}>
                    <label className={styles.field}>
                      Дата доставки
                      <select
                        value={state.deliveryIntervalDate}
                        onChange={(e) => refresh({ deliveryIntervalDate: e.target.value })}
                      >
                        {dates.map((d) => (
                          <option key={d} value={d}>
                            {d}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className={styles.field}>
                      Время
                      <select
                        value={state.deliveryIntervalTime}
                        onChange={(e) => refresh({ deliveryIntervalTime: e.target.value })}
                      >
                        {(state.deliveryIntervalList[state.deliveryIntervalDate] ?? []).map((t) => (
                          <option key={t} value={t}>
                            {t.replace('-', '–')}
                          </option>
                        ))}
                      </select>
                    </label>
                  </div>
                )}
              </div>
            )}

            {state.deliveryType === 'PICKUP' && (
              <fieldset className={`${styles.sub} ${styles.choices}`}>
                <legend className={styles.legend}>Пункт выдачи в городе {state.city?.name}</legend>
                {state.pickupPointList.length === 0 && (
                  <p className={styles.muted}>В вашем городе пока нет пунктов выдачи.</p>
                )}
                <PlacesMap
                  places={state.pickupPointList}
                  chosenId={state.deliveryPickupPoint?.id ?? null}
                  onChoose={(id) => refresh({ deliveryPickupPointId: id })}
                  label="Пункты выдачи на карте"
                />
                {state.pickupPointList.map((p) => (
                  <label key={p.id} className={styles.choice}>
                    <input
                      type="radio"
                      name="deliveryPickupPointId"
                      checked={state.deliveryPickupPoint?.id === p.id}
                      onChange={() => refresh({ deliveryPickupPointId: p.id })}
                    />
                    <span>
                      {p.address}
                      <span className={styles.muted}>
                        {p.name}, {p.hours}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}

            {state.deliveryType === 'SHOP' && (
              <fieldset className={`${styles.sub} ${styles.choices}`}>
                <legend className={styles.legend}>Магазин в городе {state.city?.name}</legend>
                <PlacesMap
                  places={state.shops.filter((s) => shopAllowed(s.id))}
                  chosenId={state.deliveryShopData?.id ?? null}
                  onChoose={(id) => refresh({ deliveryShopId: id })}
                  label="Магазины на карте"
                />
                {state.shops.map((s) => {
                  const allowed = shopAllowed(s.id);
                  return (
                    <label key={s.id} className={styles.choice} data-disabled={!allowed || undefined}>
                      <input
                        type="radio"
                        name="deliveryShopId"
                        checked={state.deliveryShopData?.id === s.id}
                        disabled={!allowed}
                        onChange={() => refresh({ deliveryShopId: s.id })}
                      />
                      <span>
                        {s.name}, {s.address}
                        <span className={styles.muted}>
                          {allowed ? s.hours : 'сюда заказ не доставить: не все товары можно привезти'}
                        </span>
                      </span>
                    </label>
                  );
                })}
                {state.shopDeliverySrok && (
                  <p className={styles.notice} role="status">
                    Заказ будет готов к выдаче {state.shopDeliverySrok}. Бесплатно, оплата в магазине.
                  </p>
                )}
              </fieldset>
            )}
          </section>

          {props.onlinePayment && (
            <section className={styles.block} aria-labelledby={`${id}-payment`}>
              <h2 id={`${id}-payment`} className={styles.blockTitle}>
                Способ оплаты
              </h2>
              <div role="radiogroup" aria-labelledby={`${id}-payment`} className={styles.payments}>
                {PAYMENT_METHODS.map(([method, label, note]) => (
                  <label key={method} className={styles.type} data-checked={paymentMethod === method || undefined}>
                    <input
                      type="radio"
                      name="paymentMethod"
                      value={method}
                      checked={paymentMethod === method}
                      onChange={() => setPaymentMethod(method)}
                    />
                    <span className={styles.typeName}>{label}</span>
                    <span className={styles.muted}>{note}</span>
                  </label>
                ))}
              </div>
            </section>
          )}

          <section className={styles.block} aria-labelledby={`${id}-more`}>
            <h2 id={`${id}-more`} className={styles.blockTitle}>
              Комментарий
            </h2>
            <label className={styles.field}>
              Комментарий к заказу
              <textarea
                name="comment"
                rows={3}
                maxLength={1000}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            </label>
            <label className={styles.check}>
              <input type="checkbox" checked={noCall} onChange={(e) => setNoCall(e.target.checked)} />
              Не перезванивать для подтверждения
            </label>
            <label className={styles.check}>
              <input type="checkbox" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
              Присылать новости и скидки
            </label>
          </section>
        </fieldset>

        <aside className={styles.summary} aria-labelledby={`${id}-summary`}>
          <fieldset disabled={saving} className={styles.plain}>
            <h2 id={`${id}-summary`} className={styles.blockTitle}>
              Ваш заказ
            </h2>
            <div className={styles.inline}>
              <label className={styles.field}>
                Промокод
                <input
                  value={promo}
                  maxLength={40}
                  aria-invalid={promoError ? true : undefined}
                  aria-describedby={promoError ? `${id}-promo-error` : undefined}
                  onChange={(e) => setPromo(e.target.value)}
                />
              </label>
              <button
                type="button"
                className={styles.secondary}
                disabled={!promo.trim() || busy === 'promo'}
                onClick={applyPromo}
              >
                Применить
              </button>
            </div>
            {promoError && (
              <p id={`${id}-promo-error`} className={styles.error} role="alert">
                {promoError}
              </p>
            )}
            {state.promocodeList.map((code) => (
              <p key={code} className={styles.tag}>
                {code}
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => removePromo(code)}
                  aria-label={`Убрать промокод ${code}`}
                >
                  убрать
                </button>
              </p>
            ))}
            {state.discountCardActive ? (
              <p className={styles.tag}>
                Дисконтная карта {state.discountCard}
                <button
                  type="button"
                  className={styles.link}
                  disabled={busy === 'card'}
                  onClick={removeCard}
                  aria-label={`Убрать дисконтную карту ${state.discountCard}`}
                >
                  убрать
                </button>
              </p>
            ) : (
              <>
                <div className={styles.inline}>
                  <label className={styles.field}>
                    Дисконтная карта
                    <input
                      value={card}
                      inputMode="numeric"
                      maxLength={20}
                      aria-invalid={cardError ? true : undefined}
                      aria-describedby={cardError ? `${id}-card-error` : undefined}
                      onChange={(e) => setCard(e.target.value)}
                    />
                  </label>
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={!card.trim() || busy === 'card'}
                    onClick={applyCard}
                  >
                    Применить
                  </button>
                </div>
                {cardError && (
                  <p id={`${id}-card-error`} className={styles.error} role="alert">
                    {cardError}
                  </p>
                )}
              </>
            )}
            {state.bonusBalance > 0 && (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={state.useBonuses}
                  onChange={(e) => refresh({ useBonuses: e.target.checked })}
                />
                Списать бонусы (на карте {amount(state.bonusBalance)})
              </label>
            )}
            <dl className={styles.totals}>
              <div>
                <dt>Товары</dt>
                <dd data-testid="order-items">{amount(state.totals.base)}</dd>
              </div>
              {state.totals.discount > 0 && (
                <div className={styles.discount}>
                  <dt>Скидка</dt>
                  <dd data-testid="order-discount">{`−${amount(state.totals.discount)}`}</dd>
                </div>
              )}
              {state.totals.bonusesUsed > 0 && (
                <div className={styles.discount}>
                  <dt>Бонусами</dt>
                  <dd data-testid="order-bonuses">{`−${amount(state.totals.bonusesUsed)}`}</dd>
                </div>
              )}
              <div>
                <dt>Доставка</dt>
                <dd data-testid="order-delivery">
                  {state.totals.delivery > 0 ? amount(state.totals.delivery) : 'бесплатно'}
                </dd>
              </div>
              <div className={styles.total}>
                <dt>{online ? 'К оплате онлайн' : 'К оплате при получении'}</dt>
                <dd data-testid="order-total">{amount(state.totals.total)}</dd>
              </div>
            </dl>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            {!phoneConfirmed && <p className={styles.muted}>Чтобы оформить заказ, подтвердите телефон кодом из SMS.</p>}
            <button type="submit" className={styles.primary} disabled={lock || !phoneConfirmed}>
              {saving ? 'Оформляем…' : 'Оформить заказ'}
            </button>
            <p className={styles.hint}>
              {online ? 'После оформления откроется страница оплаты.' : 'Оплата при получении.'} Нажимая кнопку, вы
              соглашаетесь с <ShopLink to="/info/oferta/">условиями продажи</ShopLink>.
            </p>
            <p className={styles.hint}>
              <ConsentNote consent={CONSENT_TEXTS.order} />
            </p>
          </fieldset>
        </aside>
      </form>
      {/* Outside the order's form: the question's form cannot sit inside another. */}
      <AskQuestion about="Вопрос о доставке, оплате или размере? Напишите нам." />
    </main>
  );
}
