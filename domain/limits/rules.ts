import type { LimitRule } from './limits';

/** What a rule counts hits of: the visitor session, the client address, or what a use-case names (`all`: one key). */
export type LimitKey = 'session' | 'client' | 'login' | 'phone' | 'email' | 'staff' | 'all';

/** A rule of the shop's limits: the limit as data and the key its callers count it by. */
export interface KeyedRule extends LimitRule {
  readonly key: LimitKey;
}

/** The maxima the settings name (config/settings.ts and the README's settings table). */
export interface LimitSettings {
  WRITE_LIMIT_PER_SESSION: number;
  WRITE_LIMIT_PER_CLIENT: number;
  NEW_SESSIONS_PER_CLIENT: number;
  LOGIN_TRIES_PER_CLIENT: number;
  PHONE_CODES_PER_CLIENT: number;
  PROMO_TRIES_PER_CLIENT: number;
  ACCOUNT_LETTERS_PER_CLIENT: number;
  REVIEWS_PER_CLIENT: number;
  YOOKASSA_NOTIFY_PER_CLIENT: number;
  YOOKASSA_NOTIFY_PER_MINUTE: number;
}

const MINUTE = 60;
const HOUR = 3600;

const rule = (name: string, key: LimitKey, limit: number, windowS: number): KeyedRule => ({
  name,
  key,
  limit,
  windowS,
});

/**
 * Every rate limit of the shop, in one place (decision 0012: a fixed window from the first hit, every hit counted).
 * A rule's `name` names its counters, so two rules never share one; the callers hit a rule with the key it says.
 */
export function limitRulesFrom(settings: LimitSettings) {
  return {
    /** State-changing API calls and page form posts (`guardWrites`, the page form guard). */
    writesPerSession: rule('writes-per-session', 'session', settings.WRITE_LIMIT_PER_SESSION, MINUTE),
    writesPerClient: rule('writes-per-client', 'client', settings.WRITE_LIMIT_PER_CLIENT, MINUTE),
    /** Session rows a client address may start; above it the session works but its views do not count. */
    newSessionsPerClient: rule('new-sessions-per-client', 'client', settings.NEW_SESSIONS_PER_CLIENT, MINUTE),
    /** Password tries of one login (a success clears them): the 6th in 15 minutes is refused, whatever the password. */
    loginTries: rule('login-tries', 'login', 5, 15 * MINUTE),
    loginTriesPerClient: rule('login-tries-per-client', 'client', settings.LOGIN_TRIES_PER_CLIENT, 15 * MINUTE),
    /**
     * Staff logins (the back office): five tries per address from one client and twenty per client in 15 minutes,
     * then 429; a stranger's wrong passwords do not lock the member out. Only the tries these let through count
     * towards the address's ceiling, which is far above what one person types.
     */
    staffLoginTries: rule('staff-login-tries-per-address-client', 'login', 5, 15 * MINUTE),
    staffLoginTriesPerClient: rule('staff-login-tries-per-client', 'client', 20, 15 * MINUTE),
    staffLoginTriesPerAddress: rule('staff-login-tries-per-address', 'login', 200, 15 * MINUTE),
    /** Failed or refused logins of a member's address before the member is told by letter, and one letter a window. */
    staffLoginFailures: rule('staff-login-failures', 'login', 5, 15 * MINUTE),
    staffLoginGuessLetters: rule('staff-login-guess-letters', 'email', 1, 15 * MINUTE),
    /** Codes a member may try to switch their second factor off with: a login's five in 15 minutes. */
    staffTotpOffTries: rule('staff-totp-off-tries', 'staff', 5, 15 * MINUTE),
    /**
     * 1C's exchange logins (HTTP Basic on `mode=checkauth`, or on every call from an emulator): a success clears the
     * login's counts and takes its own try back from the client's, so a working 1C never meets the limit; a guesser
     * gets ten tries per login from one client and thirty per client, and a stranger's tries do not stop the real 1C.
     * The tries these let through count towards the login's ceiling.
     */
    exchangeLoginTries: rule('exchange-login-tries-per-login-client', 'login', 10, 15 * MINUTE),
    exchangeLoginTriesPerClient: rule('exchange-login-tries-per-client', 'client', 30, 15 * MINUTE),
    exchangeLoginTriesPerLogin: rule('exchange-login-tries-per-login', 'login', 300, 15 * MINUTE),
    /** Pickup codes a staff member may enter at the «Выдача» (right or wrong): a code cannot be guessed at the till. */
    pickupCodeTries: rule('pickup-code-tries', 'staff', 10, 15 * MINUTE),
    /** One SMS code a minute per phone (the answer's `resendAfter`), five an hour, and a client's share. */
    phoneCodeResend: rule('phone-code-resend', 'phone', 1, MINUTE),
    /**
     * Address suggestions a client may ask for in an hour: typing one address makes ten or twenty calls, and each
     * costs one of DaData's free 10 000 a day, so a script cannot spend them all.
     */
    addressSuggestPerClient: rule('address-suggest-per-client', 'client', 100, HOUR),
    phoneCodesPerPhone: rule('phone-codes-per-phone', 'phone', 5, HOUR),
    phoneCodesPerClient: rule('phone-codes-per-client', 'client', settings.PHONE_CODES_PER_CLIENT, HOUR),
    /** Account deletion (issue 45.7): three code letters an hour, five code tries a quarter of an hour. */
    accountDeletionLetters: rule('account-deletion-letters', 'email', 3, HOUR),
    accountDeletionTries: rule('account-deletion-tries', 'email', 5, 15 * MINUTE),
    /** Discount card numbers a client address may type and miss an hour (a card found gives its try back). */
    cardTriesPerClient: rule('card-tries-per-client', 'client', 20, HOUR),
    /** Promo codes a client address may try, right or wrong, whatever its sessions: guessing stays slow. */
    promoTriesPerClient: rule('promo-tries-per-client', 'client', settings.PROMO_TRIES_PER_CLIENT, HOUR),
    /** An email confirmation letter to one address at most once a minute. */
    emailConfirmLetters: rule('email-confirm-letters', 'email', 1, MINUTE),
    /**
     * Registrations and email changes (each sends a confirmation letter) one client address may make: a script
     * cannot use the shop to mail any number of fresh addresses.
     */
    accountLettersPerClient: rule('account-letters-per-client', 'client', settings.ACCOUNT_LETTERS_PER_CLIENT, HOUR),
    /** Password-reset letters, counted per address and per client alike, known or not. */
    passwordResetLetters: rule('password-reset-letters', 'email', 3, HOUR),
    passwordResetPerClient: rule('password-reset-per-client', 'client', 10, HOUR),
    /**
     * «Сообщить о поступлении» (issue 44.1): subscriptions a client address may ask for an hour, and those naming one
     * email or phone, whatever the client: the form cannot mail any number of addresses or flood one.
     */
    stockAlertsPerClient: rule('stock-alerts-per-client', 'client', 30, HOUR),
    stockAlertsPerAddress: rule('stock-alerts-per-address', 'email', 10, HOUR),
    /** At most one newsletter confirmation letter to an address in ten minutes. */
    newsletterConfirmLetters: rule('newsletter-confirm-letters', 'email', 1, 10 * MINUTE),
    /** Questions: a person asks a few, a program many; an office or an operator puts many people behind one address. */
    feedbackPerClient: rule('feedback-client', 'client', 20, HOUR),
    feedbackPerSession: rule('feedback-session', 'session', 3, 10 * MINUTE),
    /** YooKassa's notifications: each makes a call to the provider, so a flood of them is refused before it. */
    yookassaNotifyPerClient: rule('yookassa-notify-per-client', 'client', settings.YOOKASSA_NOTIFY_PER_CLIENT, MINUTE),
    yookassaNotifyOverall: rule('yookassa-notify-overall', 'all', settings.YOOKASSA_NOTIFY_PER_MINUTE, MINUTE),
    /** Review posts (issue 44.2): a shopper writes a few after an order; a script posting many is refused. */
    reviewsPerClient: rule('reviews-per-client', 'client', settings.REVIEWS_PER_CLIENT, HOUR),
    /** A page sends a handful of goals; a session sending more than one a second on average is not a shopper. */
    eventsPerSession: rule('events-per-session', 'session', 60, MINUTE),
  } as const satisfies Record<string, KeyedRule>;
}

export type LimitRules = ReturnType<typeof limitRulesFrom>;
