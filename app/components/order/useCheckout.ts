import { useState } from 'react';
import { orderPageFromJson } from '../../../contract/basket-json';
import { normalizePhone } from '../../../domain/auth/phone';
import { splitFullName } from '../../../domain/cabinet/names';
import type { OrderPageData, OrderParams } from '../../../domain/order/checkout.types';
import type { PaymentMethod } from '../../../domain/order/ports';
import { reachGoal } from '~/lib/analytics';
import { postApi, postRpc } from '~/lib/api';
import {
  cookieLine,
  ORDER_DISCOUNT_CARD_COOKIE,
  PROFILE_COOKIE_DAYS,
  profileCookieLines,
  writeCookie,
} from '~/lib/cookies';
import { reportOnNextPage } from '~/lib/metrica-gate';

export interface CheckoutProps {
  state: OrderPageData;
  profile: { name: string; email: string; phone: string };
  confirmedPhones: string[];
  auth: boolean;
  imgVersion: string;
  /** Online payment is on (issue 27): the page offers the choice of how to pay. */
  onlinePayment: boolean;
}

type LineMethod =
  | 'sale.order.basket.delete'
  | 'sale.order.basket.toWishlist'
  | 'sale.order.basket.setQuantity'
  | 'sale.order.basket.setSize';

/**
 * The order page's state and calls (spec §4 Order). Every choice asks the server for the whole state again
 * (`sale.order.*`), so prices, slots and shops are never worked out in the browser. A call's buttons are locked while
 * it runs (`busy` names it); the whole page while the order is saved.
 */
export function useCheckout(props: CheckoutProps) {
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
    if (answer.ok) setState(orderPageFromJson(answer.data));
    else setError(answer.message);
  }

  const refresh = (patch: OrderParams = {}) => run('data', () => load(patch));

  /** A change of a line (`sale.order.basket.*`), then the state that follows from it. */
  const lineCall = (method: LineMethod, lineId: number, fields: Record<string, unknown> = {}) =>
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
      const next = orderPageFromJson(answer.data);
      // Spec §3: the card given is kept for the next order, as the server has written it.
      writeCookie(ORDER_DISCOUNT_CARD_COOKIE, next.discountCard);
      setState(next);
    });

  const removeCard = () =>
    run('card', async () => {
      const answer = await postRpc('sale.order.resetDiscountCard', wire(params({ discountCard: undefined })));
      if (!answer.ok) return setError(answer.message);
      // A removed card is not applied again on the next order.
      document.cookie = cookieLine(ORDER_DISCOUNT_CARD_COOKIE, '', 0);
      setState(orderPageFromJson(answer.data));
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
      // Spec §3: the profile cookies (the name split as the order's is) fill the next order's form; a phone only
      // with its 11 digits. The delivery slot's cookies are not the profile's and keep the default lifetime.
      for (const line of profileCookieLines(splitFullName(contact.name))) document.cookie = line;
      writeCookie('user_email', contact.email, PROFILE_COOKIE_DAYS);
      if (normalizePhone(contact.phone)) writeCookie('user_phone', phone, PROFILE_COOKIE_DAYS);
      writeCookie('order_delivery_interval_date', state.deliveryIntervalDate);
      writeCookie('order_delivery_interval_time', state.deliveryIntervalTime);
      reachGoal('order confirm', { orderId: answer.data.id });
      // Sent from the next page: this one is left at once, before the counter's script could send it.
      reportOnNextPage({ id: answer.data.id, revenue: state.totals.total, lines: state.items });
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

  /**
   * Issue 42: a carrier's town («Name, Region») becomes the visitor's region (spec `user/location/yandex/set`, the
   * call the shell's city choice makes), then the state for that town: its points, prices and shops. The old town's
   * point and shop are dropped, and shop pickup too (the new town may have no shop). Answers the server's message,
   * or null.
   */
  async function chooseTown(address: string): Promise<string | null> {
    let message: string | null = null;
    await run('town', async () => {
      const answer = await postApi('regionByAddress', { address });
      if (!answer.ok) {
        console.error('regionByAddress', answer.code, answer.message);
        message = answer.message;
        return;
      }
      await load({
        deliveryPickupPointId: undefined,
        deliveryShopId: undefined,
        ...(state.deliveryType === 'SHOP' ? { deliveryType: undefined } : {}),
      });
    });
    return message;
  }

  /** Adds an address for courier or post; answers the server's message, or null when the state took it. */
  async function saveAddress(fields: Record<string, string>): Promise<string | null> {
    const answer = await postRpc('sale.order.delivery.setAddress', { ...wire(params()), ...fields });
    if (!answer.ok) return answer.message;
    setState(orderPageFromJson(answer.data));
    return null;
  }

  const phoneDigits = normalizePhone(contact.phone);
  const phoneConfirmed = phoneDigits !== null && confirmed.includes(phoneDigits);

  return {
    state,
    contact,
    setContact,
    phoneConfirmed,
    confirmPhone: (phone: string) => setConfirmed([...confirmed, phone]),
    comment,
    setComment,
    noCall,
    setNoCall,
    subscribe,
    setSubscribe,
    paymentMethod,
    setPaymentMethod,
    online,
    busy,
    saving,
    /** A call or the save runs: the order cannot be sent now. */
    lock: saving || busy !== null,
    error,
    promo,
    setPromo,
    promoError,
    card,
    setCard,
    cardError,
    refresh,
    lineCall,
    applyPromo,
    removePromo,
    applyCard,
    removeCard,
    saveAddress,
    chooseTown,
    save,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
