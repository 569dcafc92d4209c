import type { Company } from '../content/company';
import { type RequestContext, userIdOf } from '../context';
import { dayStart } from '../delivery/schedule';
import { DomainError } from '../errors';
import { isRowId } from '../input';
import { enforce, type RateLimiter } from '../limits/limits';
import type { LimitRules } from '../limits/rules';
import type { OutgoingMessage } from '../messages/message';
import { MOSCOW } from '../text/dates';
import { stockAlertArrivedLetter, stockAlertArrivedSms, stockAlertConfirmLetter } from './stock-alert-letters';
import type { StockSubscribeInput } from './stock-alerts.schemas';

/** `pending` until the email's link is opened, `active` while waiting, `sent` once told, `cancelled` (left, bought). */
export type StockAlertState = 'pending' | 'active' | 'sent' | 'cancelled';
export type StockAlertChannel = 'email' | 'sms';

/** What the subscribe call answers (issue 44.4): `data.subscription`. */
export interface StockSubscription {
  id: number;
  offerId: number;
  channel: StockAlertChannel;
  state: StockAlertState;
}

/** A shopper's subscription as the product page and the cabinet list it. */
export interface StockSubscriptionView extends StockSubscription {
  productId: number;
  productName: string;
  sizeName: string;
  /** The product page with the size chosen. */
  url: string;
  /** Whether the size can be bought now. */
  available: boolean;
  createdAt: string;
}

/** The back office's buyer signal: subscribers waiting per product and size. */
export interface StockWaitingRow {
  productId: number;
  productName: string;
  article: string;
  offerId: number;
  sizeName: string;
  waiting: number;
  /** Of them, still to confirm their email. */
  pending: number;
}

/** A claimed subscription the sweep tells now. */
export interface ClaimedAlert {
  id: number;
  channel: StockAlertChannel;
  address: string;
  token: string;
  offerId: number;
  productName: string;
  productCode: string;
  sizeName: string;
  price: number;
}

/** A pending subscription whose confirm letter the outbox gave up: the letter is sent again. */
export interface UnconfirmedAlert {
  id: number;
  address: string;
  token: string;
  productName: string;
  sizeName: string;
}

/**
 * A message of a subscription the outbox gave up (its attempts over about a day spent) is sent again after these
 * delays (seconds after the give-up), at most as many times as there are delays: a confirm letter as it was, a «came
 * back» message only while the size is still there (the subscription goes back to `active` until then).
 */
export const STOCK_ALERT_RESEND_DELAYS = [3_600, 6 * 3_600, 24 * 3_600] as const;

/** Whose subscriptions: a logged-in shopper's by their account, a guest's by the session. */
export type AlertOwner = { userId: number } | { sessionId: string };

export interface StockAlertsRepository {
  /** The offer with its product, and whether it can be bought now (online, or in a shop of `cityId`); null: none. */
  offer(
    offerId: number,
    cityId: number | null,
  ): Promise<{ productId: number; productName: string; sizeName: string; available: boolean } | null>;
  /** The account's confirmed phone (7XXXXXXXXXX) and its email when confirmed. */
  account(userId: number): Promise<{ confirmedPhone: string | null; confirmedEmail: string | null } | null>;
  /**
   * Opens a subscription unless one is open for the offer, channel and address (the partial unique index): the open
   * one and whether it is new.
   */
  open(row: {
    offerId: number;
    productId: number;
    channel: StockAlertChannel;
    address: string;
    userId: number | null;
    sessionId: string;
    cityId: number | null;
    state: 'pending' | 'active';
    token: string;
    at: Date;
    /** The token's links work until then. */
    tokenUntil: Date;
    /** The letter of a new pending subscription, committed with it. */
    letter: (id: number, token: string) => OutgoingMessage | null;
  }): Promise<{ subscription: StockSubscription; created: boolean }>;
  /**
   * pending → active by the letter's token: `confirmed`, `already` (active or told), `invalid`, or `expired` (the
   * token's time is over: `token_until`, or for rows made before it `issuedAfter` against the latest letter).
   */
  confirm(token: string, at: Date, issuedAfter: Date): Promise<'confirmed' | 'already' | 'invalid' | 'expired'>;
  /** Cancels by token (the letter's link): `removed`, `absent` (already closed), `invalid` or `expired`. */
  cancelByToken(token: string, at: Date, issuedAfter: Date): Promise<'removed' | 'absent' | 'invalid' | 'expired'>;
  list(owner: AlertOwner, productId: number | null): Promise<StockSubscriptionView[]>;
  /** Cancels the owner's open subscription; false when it is not theirs or not open. */
  cancel(owner: AlertOwner, id: number, at: Date): Promise<boolean>;
  /**
   * One sweep, in one transaction under one lock: cancels the active subscriptions whose subscriber has ordered the
   * offer since, claims at most `limit(sentToday)` active ones whose offer is available (state → `sent`) and commits
   * the messages `message` makes of them in the outbox with the claim. First it takes up the messages the outbox gave
   * up (at most `resendDelays.length` times a subscription, each `resendDelays[n]` seconds after the give-up): a
   * failed «came back» message puts the subscription back to `active` (told again when due and still there, within
   * the cap), a failed confirm letter is sent again (`confirmLetter`).
   */
  sweep(input: {
    at: Date;
    since: Date;
    limit: (sentSince: number) => number;
    message: (row: ClaimedAlert) => OutgoingMessage;
    confirmLetter: (row: UnconfirmedAlert) => OutgoingMessage;
    resendDelays: readonly number[];
    /** The links of the messages sent now work until then. */
    tokenUntil: Date;
  }): Promise<{ sent: number; cancelled: number; resent: number }>;
  waiting(): Promise<StockWaitingRow[]>;
}

export interface StockAlertsDeps {
  repo: StockAlertsRepository;
  company: Company;
  limits: RateLimiter;
  limitRules: Pick<LimitRules, 'stockAlertsPerClient' | 'stockAlertsPerAddress'>;
  siteUrl: string;
  newToken: () => string;
  /** Messages a day at most (`STOCK_ALERTS_PER_DAY`); the rest wait for the next day. */
  perDay: number;
  /** Days a letter's links work (`STOCK_ALERT_LINK_DAYS`); 90 unless given. */
  linkDays?: number;
  timeZone?: string;
  now: () => Date;
}

export interface StockAlertsService {
  subscribe(
    ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'client' | 'city' | 'now'>,
    input: StockSubscribeInput,
  ): Promise<{ subscription: StockSubscription }>;
  confirm(token: string): Promise<'confirmed' | 'invalid' | 'expired'>;
  unsubscribe(token: string): Promise<'removed' | 'absent' | 'invalid' | 'expired'>;
  mine(ctx: Pick<RequestContext, 'sessionId' | 'actor'>, productId: number | null): Promise<StockSubscriptionView[]>;
  remove(ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'now'>, id: number): Promise<StockSubscriptionView[]>;
  /** Tells every active subscriber whose size is back, once, within the day's cap; sends again what failed. */
  sweep(): Promise<{ sent: number; cancelled: number; resent: number }>;
  waiting(): Promise<StockWaitingRow[]>;
}

/** The link of the «came back» message: the product page with the size chosen, counted as the alert's visit. */
export const arrivalPath = (code: string, offerId: number) =>
  `/product/${code}/?offer=${offerId}&utm_source=stock_alert`;

const ownerOf = (ctx: Pick<RequestContext, 'sessionId' | 'actor'>): AlertOwner => {
  const userId = userIdOf(ctx);
  return userId !== null ? { userId } : { sessionId: ctx.sessionId };
};

export function createStockAlertsService(deps: StockAlertsDeps): StockAlertsService {
  const { repo } = deps;
  const link = (path: string) => `${deps.siteUrl}${path}`;
  const tokenLink = (action: 'confirm' | 'stop', token: string) =>
    link(`/stock-alert/?do=${action}&token=${encodeURIComponent(token)}`);
  const linkMs = (deps.linkDays ?? 90) * 24 * 3_600_000;
  const linksUntil = (at: Date) => new Date(at.getTime() + linkMs);
  const issuedAfter = (at: Date) => new Date(at.getTime() - linkMs);
  const confirmLetter = (facts: { address: string; productName: string; sizeName: string; token: string }) =>
    stockAlertConfirmLetter({
      company: deps.company,
      email: facts.address,
      productName: facts.productName,
      sizeName: facts.sizeName,
      url: tokenLink('confirm', facts.token),
    });
  const sweep = () => {
    const at = deps.now();
    return repo.sweep({
      at,
      tokenUntil: linksUntil(at),
      resendDelays: STOCK_ALERT_RESEND_DELAYS,
      confirmLetter,
      since: dayStart(at, deps.timeZone ?? MOSCOW),
      limit: (sent) => Math.max(0, deps.perDay - sent),
      message: (row) => {
        const facts = {
          productName: row.productName,
          sizeName: row.sizeName,
          price: row.price,
          url: link(arrivalPath(row.productCode, row.offerId)),
        };
        return row.channel === 'sms'
          ? stockAlertArrivedSms({ ...facts, phone: row.address })
          : stockAlertArrivedLetter({
              ...facts,
              company: deps.company,
              email: row.address,
              unsubscribeUrl: tokenLink('stop', row.token),
            });
      },
    });
  };

  return {
    async subscribe(ctx, input) {
      const userId = userIdOf(ctx);
      const email = input.email ? input.email.toLowerCase() : '';
      const account = userId !== null ? await repo.account(userId) : null;
      let channel: StockAlertChannel;
      let address: string;
      let state: 'pending' | 'active';
      if (email) {
        channel = 'email';
        address = email;
        // The account's own confirmed address needs no second confirmation.
        state = account?.confirmedEmail?.toLowerCase() === email ? 'active' : 'pending';
      } else if (account?.confirmedPhone) {
        channel = 'sms';
        address = account.confirmedPhone;
        state = 'active';
      } else if (account?.confirmedEmail) {
        channel = 'email';
        address = account.confirmedEmail.toLowerCase();
        state = 'active';
      } else {
        throw new DomainError(
          'validation',
          'Укажите адрес электронной почты, на который сообщить о поступлении.',
          'EMAIL_REQUIRED',
        );
      }
      const offer = await repo.offer(input.offerId, ctx.city?.id ?? null);
      if (!offer) throw new DomainError('not_found', 'Такого размера нет в каталоге.', 'OFFER_NOT_FOUND');
      if (offer.available)
        throw new DomainError('conflict', 'Этот размер есть в наличии — его можно купить сейчас.', 'IN_STOCK');
      // Per client and per address, as other letters: the form cannot flood a mailbox or fill the table.
      await enforce(
        deps.limits,
        [ctx.client, deps.limitRules.stockAlertsPerClient],
        [`${channel}:${address}`, deps.limitRules.stockAlertsPerAddress],
      );
      const result = await repo.open({
        offerId: input.offerId,
        productId: offer.productId,
        channel,
        address,
        userId,
        sessionId: ctx.sessionId,
        cityId: ctx.city?.id ?? null,
        state,
        token: deps.newToken(),
        at: ctx.now(),
        tokenUntil: linksUntil(ctx.now()),
        letter: (_id, token) =>
          state === 'pending'
            ? confirmLetter({ address, productName: offer.productName, sizeName: offer.sizeName, token })
            : null,
      });
      return { subscription: result.subscription };
    },

    async confirm(token) {
      const at = deps.now();
      const state = await repo.confirm(token, at, issuedAfter(at));
      if (state === 'invalid' || state === 'expired') return state;
      // The size may be back already: the sweep tells at once. The confirmation is saved whatever the sweep meets;
      // the periodic sweep tells later then.
      if (state === 'confirmed') await sweep().catch(() => undefined);
      return 'confirmed';
    },

    unsubscribe(token) {
      const at = deps.now();
      return repo.cancelByToken(token, at, issuedAfter(at));
    },

    mine: (ctx, productId) => repo.list(ownerOf(ctx), productId),

    async remove(ctx, id) {
      const owner = ownerOf(ctx);
      if (!isRowId(id) || !(await repo.cancel(owner, id, ctx.now())))
        throw new DomainError('not_found', 'Подписка не найдена.', 'SUBSCRIPTION_NOT_FOUND');
      return repo.list(owner, null);
    },

    sweep,
    waiting: () => repo.waiting(),
  };
}
