// Over 400 lines because placing an order is one transaction: checks, prices, stock, promo, bonuses, the order's rows
// and its letters must be read together to see that nothing is taken twice or lost.
import type { Company } from '../content/company';
import { splitFullName } from '../cabinet/names';
import { normalizePhone } from '../auth/phone';
import { consentOf } from '../consent/consent';
import { type RequestContext, userIdOf } from '../context';
import { dayStart } from '../delivery/schedule';
import { MOSCOW } from '../text/dates';
import type { Allocation } from '../inventory/allocation';
import { orderConfirmationLetter, orderSms } from '../messages/templates';
import type { NewsletterService } from '../newsletter/newsletter.service';
import type { PromoCode } from '../pricing/promo';
import type { Totals } from '../pricing/totals';
import type { TransactionRepositories, UnitOfWork } from '../uow';
import { runWorkflow } from '../workflow';
import type { SaveInput } from './checkout.types';
import type { DeliveryOffer } from './carrier-delivery';
import { deliveryOf, type OrderDelivery } from './delivery-choice';
import { orderError } from './order-errors';
import { priceOrder } from './order-pricing';
import { payByText } from './payment-view';
import type { CheckoutRepository, OrderLineFacts, PaymentMethod } from './ports';
import { DELIVERY_NAMES, orderNumber } from './process';
import { customerOf, ownerOf } from './shopper';
import { blockedOrderMessage, type CustomerBlocks } from '../customers/blocked';
import type { CardTries } from './card-tries';
import { DomainError } from '../errors';

export interface PlaceDeps {
  /** The sender the confirmation letter's footer names. */
  company: Company;
  repo: CheckoutRepository;
  uow: UnitOfWork;
  /** Orders one phone may place a day (on the clock of the visitor's city), the setting `ORDERS_PER_PHONE_DAY`. */
  ordersPerPhoneDay: number;
  /** The signed address of an order's page, for its owner without an account (the confirmation letter's link). */
  orderLink(orderId: number): string;
  /** «Присылать новости и скидки»: the sign-up commits with the order. */
  newsletter: Pick<NewsletterService, 'letterAllowed' | 'subscribeWithin'>;
  /** Whether online payment is on (a provider, or the test gateway), and how long an online order waits for it. */
  payment: { online: boolean; ttlMinutes: number };
  /** A customer blocked by the shop (issue 28.5) orders nothing: neither logged in nor as a guest with their contacts. */
  blocks?: CustomerBlocks;
  /** Typed discount card numbers, looked up under a limit per client. */
  cardTries: CardTries;
}

/** Where the order's lines come from: the cart, or the one size a shopper reserves from the product page. */
export interface OrderSource {
  lines(): Promise<OrderLineFacts[]>;
  /** A reservation: no promo codes, the cart left as it is, only shops that put items aside. */
  reservation: boolean;
  /** What the carrier offers the lines (points, prices); without it, the shop's table and no pickup points. */
  offer?(lines: OrderLineFacts[]): Promise<DeliveryOffer>;
}

/** What placing an order has found so far: each step reads what the steps before it wrote. */
export interface OrderDraft {
  readonly ctx: RequestContext;
  readonly input: SaveInput;
  readonly source: OrderSource;
  phone: string;
  customer: string;
  lines: OrderLineFacts[];
  delivery: OrderDelivery;
  offer?: DeliveryOffer;
  promos: PromoCode[];
  /** The discount card the order is priced with (kept with the order: a later change prices by it). */
  card: { number: string; percent: number } | null;
  totals: Totals;
  stock: Allocation[];
  paymentMethod: PaymentMethod;
  /** An online order is cancelled unless paid by then. */
  paymentDueAt: Date | null;
  /** «Присылать новости»: whether the address may get its confirmation letter (counted before the transaction). */
  newsLetter: boolean;
  orderId: number;
}

/** A step before or after the database's transaction; one that calls the outside says how to undo itself. */
export interface OutsideStep {
  name: string;
  inTransaction?: false;
  run(deps: PlaceDeps, draft: OrderDraft): Promise<void>;
  /** Runs when a later step fails (a payment hold released); the transaction's own writes roll back by themselves. */
  compensate?(deps: PlaceDeps, draft: OrderDraft): Promise<void>;
}

/** A step of the order's one database transaction: its writes commit with all the others, or none do. */
export interface TransactionStep {
  name: string;
  inTransaction: true;
  run(deps: PlaceDeps, draft: OrderDraft, tx: TransactionRepositories): Promise<void>;
}

export type PlaceStep = OutsideStep | TransactionStep;

/** This attempt's key already has an order (saved before, or by a save sent at once): it is the answer. */
class PlacedBefore extends Error {
  constructor(readonly orderId: number) {
    super(`order ${orderId} placed before`);
  }
}

/** Rolls back an attempt whose key another request used first. */
class DuplicateAttempt extends Error {}

async function answerIfPlaced({ repo }: PlaceDeps, { ctx, input }: OrderDraft): Promise<void> {
  const id = await repo.orderByKey(ctx.sessionId, input.idempotencyKey);
  if (id !== null) throw new PlacedBefore(id);
}

const notEnoughStock = (line: OrderLineFacts) =>
  orderError('NOT_ENOUGH_STOCK', `«${line.name}», размер ${line.sizeName}: столько нет в наличии.`, 'conflict');

/**
 * When a line of the cart sold out since the page was shown, that is the reason to give, not the check that tripped
 * on it (an empty cart, a shop that can no longer get the size). Any sold-out cart line counts when none is left.
 */
async function refuseSoldOut({ repo }: PlaceDeps, { ctx, source, lines }: OrderDraft): Promise<void> {
  if (source.reservation) return;
  const ordered = new Set(lines.map((l) => l.offerId));
  const soldOut = (await repo.soldOutLines(ownerOf(ctx))).find((l) => ordered.size === 0 || ordered.has(l.offerId));
  if (soldOut) throw notEnoughStock(soldOut);
}

const pricedLines = ({ lines, totals }: OrderDraft) =>
  lines.map((l, i) => ({ ...l, total: totals.lines[i]?.total ?? 0 }));

/**
 * Placing an order (issue 9 point 4, issue 24 point 1), in order. A payment step slots in before the transaction
 * with its `compensate`; an export step joins the transaction (an outbox message): nothing follows it.
 */
export const PLACE_ORDER_STEPS: readonly PlaceStep[] = [
  {
    name: 'check phone',
    async run({ repo }, draft) {
      const phone = normalizePhone(draft.input.phone);
      if (!phone) throw orderError('PHONE_INVALID', 'Укажите мобильный телефон: 11 цифр.');
      // Spec §5: the order's phone must be the one this session or user confirmed by code.
      if (!(await repo.confirmedPhones(draft.ctx.sessionId, userIdOf(draft.ctx))).includes(phone))
        throw orderError('PHONE_NOT_CONFIRMED', 'Подтвердите телефон кодом из SMS.');
      draft.phone = phone;
      draft.customer = customerOf(draft.ctx, phone);
    },
  },
  {
    name: 'refuse a blocked customer',
    async run({ blocks, company }, { ctx, input, phone }) {
      if (!blocks) return;
      const userId = userIdOf(ctx);
      if (
        (userId !== null && (await blocks.isBlocked(userId))) ||
        (await blocks.blockedContact(phone, input.email ?? ''))
      )
        throw new DomainError('forbidden', blockedOrderMessage(company.hotline), 'sale.order/CUSTOMER_BLOCKED');
    },
  },
  { name: 'answer a repeated save', run: answerIfPlaced },
  {
    name: 'choose payment',
    async run({ payment }, draft) {
      const method = draft.input.paymentMethod ?? 'CASH';
      // A reservation is paid in the shop, at the fitting.
      if (method === 'ONLINE' && (!payment.online || draft.source.reservation))
        throw orderError('PAYMENT_UNAVAILABLE', 'Онлайн-оплата сейчас недоступна: выберите оплату при получении.');
      draft.paymentMethod = method;
      draft.paymentDueAt =
        method === 'ONLINE' ? new Date(draft.ctx.now().getTime() + payment.ttlMinutes * 60_000) : null;
    },
  },
  {
    name: 'limit orders per phone',
    async run({ repo, ordersPerPhoneDay }, { ctx, phone }) {
      const midnight = dayStart(ctx.now(), ctx.city?.timeZone ?? MOSCOW);
      if ((await repo.ordersSince(phone, midnight)) >= ordersPerPhoneDay)
        throw orderError('ERROR_ORDER_LIMIT', 'На этот телефон сегодня оформлено слишком много заказов.', 'limit');
    },
  },
  {
    name: 'load lines',
    async run(deps, draft) {
      draft.lines = (await draft.source.lines()).sort((a, b) => a.offerId - b.offerId);
      if (draft.lines.length > 0) return;
      // A save of the same key sent at once may have just ordered the basket: that order is this save's answer.
      await answerIfPlaced(deps, draft);
      await refuseSoldOut(deps, draft);
      throw orderError('EMPTY_BASKET', 'В корзине нет товаров, которые можно заказать.');
    },
  },
  {
    name: 'choose delivery',
    async run(deps, draft) {
      try {
        draft.offer = await draft.source.offer?.(draft.lines);
        draft.delivery = await deliveryOf(
          deps.repo,
          draft.ctx,
          draft.input,
          draft.lines,
          draft.source.reservation,
          draft.offer,
        );
      } catch (error) {
        await refuseSoldOut(deps, draft);
        throw error;
      }
    },
  },
  {
    name: 'price',
    async run({ repo, cardTries }, draft) {
      const { ctx, input } = draft;
      const { promos, totals, card } = await priceOrder(repo, ctx, draft.lines, {
        type: input.deliveryType,
        card: input.discountCard,
        useBonuses: input.useBonuses && userIdOf(ctx) !== null,
        customer: draft.customer,
        strict: true,
        promos: !draft.source.reservation,
        deliveryPrices: draft.offer?.prices('kind' in draft.delivery ? draft.delivery.kind : 'point'),
        cardTries,
      });
      draft.promos = promos;
      draft.card = card ? { number: card.number, percent: card.percent } : null;
      draft.totals = totals;
      if (draft.paymentMethod === 'ONLINE' && totals.total <= 0)
        throw orderError('PAYMENT_NOTHING_TO_PAY', 'Платить онлайн нечего: выберите оплату при получении.');
    },
  },
  {
    name: 'count the news letter',
    async run({ newsletter }, draft) {
      const { isSubscribe, email } = draft.input;
      draft.newsLetter = Boolean(isSubscribe && email) && (await newsletter.letterAllowed(email ?? ''));
    },
  },
  {
    // The check above answers early; this one, under a lock on the phone, makes the limit hold for saves at once.
    name: 'count the phone’s orders',
    inTransaction: true,
    async run({ ordersPerPhoneDay }, { ctx, phone }, tx) {
      const midnight = dayStart(ctx.now(), ctx.city?.timeZone ?? MOSCOW);
      if ((await tx.orders.lockPhoneOrdersSince(phone, midnight)) >= ordersPerPhoneDay)
        throw orderError('ERROR_ORDER_LIMIT', 'На этот телефон сегодня оформлено слишком много заказов.', 'limit');
    },
  },
  {
    name: 'take stock',
    inTransaction: true,
    async run(_, draft, tx) {
      const { input } = draft;
      draft.stock = [];
      for (const line of draft.lines) {
        // A shop order takes what the shop itself holds first.
        const taken = await tx.stock.take(
          line.offerId,
          line.quantity,
          input.deliveryType === 'SHOP' ? input.deliveryShopId : undefined,
          { kind: draft.source.reservation ? 'reservation' : 'order' },
        );
        if (!taken) throw notEnoughStock(line);
        draft.stock.push(...taken);
      }
    },
  },
  {
    name: 'take promo codes',
    inTransaction: true,
    async run(_, { promos, customer }, tx) {
      for (const promo of promos) {
        const taken = await tx.orders.takePromo(promo.code, customer, promo);
        if (taken === 'stopped')
          throw orderError('PROMOCODE_EXPIRED', `Промокод ${promo.code} больше не действует.`, 'conflict');
        if (taken === 'used') throw orderError('PROMOCODE_USED', `Промокод ${promo.code} уже использован.`, 'conflict');
      }
    },
  },
  {
    name: 'spend bonuses',
    inTransaction: true,
    async run(_, { ctx, totals }, tx) {
      const userId = userIdOf(ctx);
      if (userId !== null && totals.bonusesUsed > 0 && !(await tx.orders.spendBonuses(userId, totals.bonusesUsed)))
        throw orderError('BONUSES_SHORT', 'Бонусов на карте стало меньше. Обновите страницу заказа.', 'conflict');
    },
  },
  {
    name: 'insert order',
    inTransaction: true,
    async run(_, draft, tx) {
      const { ctx, input, totals, delivery } = draft;
      const userId = userIdOf(ctx);
      const id = await tx.orders.insert(
        {
          status: draft.paymentMethod === 'ONLINE' ? 'awaiting_payment' : 'new',
          paymentMethod: draft.paymentMethod,
          paymentDueAt: draft.paymentDueAt,
          userId,
          sessionId: ctx.sessionId,
          idempotencyKey: input.idempotencyKey,
          deliveryType: input.deliveryType,
          delivery,
          ...splitFullName(input.name),
          email: input.email,
          phone: draft.phone,
          comment: input.comment,
          isDisabledCall: input.isDisabledCall,
          items: totals.items,
          discount: totals.discount,
          deliveryPrice: totals.delivery,
          bonusesUsed: totals.bonusesUsed,
          total: totals.total,
          card: draft.card,
          lines: pricedLines(draft),
          stock: draft.stock,
          reservedUntil:
            'reservedUntil' in delivery && delivery.reservedUntil ? new Date(delivery.reservedUntil) : null,
        },
        userId !== null ? `user:${userId}` : 'shopper',
      );
      // The same key saved at once by another request: its order stands, this attempt takes nothing.
      if (id === null) throw new DuplicateAttempt();
      draft.orderId = id;
    },
  },
  {
    name: 'note promo use',
    inTransaction: true,
    async run(_, { promos, orderId, customer }, tx) {
      for (const promo of promos) await tx.orders.notePromoUse(promo.code, orderId, customer);
    },
  },
  {
    name: 'clear basket',
    inTransaction: true,
    async run(_, { ctx, source, lines }, tx) {
      if (!source.reservation)
        await tx.orders.clearTaken(
          ownerOf(ctx),
          lines.map((l) => l.lineId),
        );
    },
  },
  {
    name: 'record consent',
    inTransaction: true,
    async run(_, { ctx, phone }, tx) {
      await tx.consents.record(consentOf(ctx, 'order', phone));
    },
  },
  {
    name: 'subscribe to news',
    inTransaction: true,
    async run({ newsletter }, { ctx, input, newsLetter }, tx) {
      if (input.isSubscribe && input.email) await newsletter.subscribeWithin(tx, ctx, input.email, newsLetter);
    },
  },
  {
    name: 'queue letter and SMS',
    inTransaction: true,
    async run(deps, draft, tx) {
      const { ctx, input, delivery, totals, orderId, phone, paymentDueAt } = draft;
      const number = orderNumber(orderId);
      const where = 'address' in delivery ? delivery.address : 'shop' in delivery ? delivery.shop : '';
      const sms = orderSms({ phone, number, total: totals.total });
      if (!input.email) return tx.outbox.enqueue(sms);
      // One insert for both.
      await tx.outbox.enqueue(
        orderConfirmationLetter({
          company: deps.company,
          email: input.email,
          name: splitFullName(input.name).name,
          number,
          lines: pricedLines(draft),
          delivery: `${DELIVERY_NAMES[input.deliveryType]}, ${where}`,
          deliveryPrice: totals.delivery,
          discount: totals.discount,
          total: totals.total,
          url: deps.orderLink(orderId),
          online: paymentDueAt ? { payBy: payByText(paymentDueAt, ctx) } : undefined,
        }),
        sms,
      );
    },
  },
];

/**
 * Places orders through `steps` with `runWorkflow`: the steps outside the database one by one, undone newest first
 * when a later one fails; the transaction's steps together in one `uow.run`. Answers the order's id, also for a save
 * whose key already has an order.
 */
export function orderPlacer(deps: PlaceDeps, steps: readonly PlaceStep[] = PLACE_ORDER_STEPS) {
  const first = steps.findIndex((s) => s.inTransaction);
  const last = steps.findLastIndex((s) => s.inTransaction);
  const transaction = steps.slice(first, last + 1);
  // Every database write in one transaction: a step outside it between them would split it in two.
  if (!transaction.every((s): s is TransactionStep => s.inTransaction === true))
    throw new Error('The steps of the order transaction must stand together.');
  // Once the transaction commits the order stands: a later step could neither be undone with it nor fail the save,
  // so what follows a saved order (an export, a letter) joins the transaction as an outbox message instead.
  if (first >= 0 && last < steps.length - 1)
    throw new Error('No step may follow the order transaction: queue it in the outbox from within.');
  const stages: (OutsideStep | TransactionStep[])[] =
    first < 0 ? (steps as OutsideStep[]) : [...(steps.slice(0, first) as OutsideStep[]), transaction];

  return async function place(ctx: RequestContext, input: SaveInput, source: OrderSource): Promise<{ id: number }> {
    // The steps fill in the rest, in order.
    const draft = { ctx, input, source } as OrderDraft;
    try {
      await runWorkflow(async (step) => {
        for (const stage of stages) {
          if (Array.isArray(stage)) {
            await step('save in one transaction', () => saveTogether(deps, draft, stage));
          } else {
            const { compensate } = stage;
            await step(stage.name, () => stage.run(deps, draft), compensate && (() => compensate(deps, draft)));
          }
        }
      });
    } catch (error) {
      if (error instanceof PlacedBefore) return { id: error.orderId };
      throw error;
    }
    return { id: draft.orderId };
  };
}

async function saveTogether(deps: PlaceDeps, draft: OrderDraft, steps: TransactionStep[]): Promise<void> {
  try {
    await deps.uow.run(async (tx) => {
      for (const s of steps) await s.run(deps, draft, tx);
    });
  } catch (error) {
    // The same key saved at once: the save that won (its key taken, or the stock it took) answers for both.
    await answerIfPlaced(deps, draft);
    throw error;
  }
}
