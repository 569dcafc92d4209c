import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { phoneCodeSms } from '../messages/templates';
import type { UnitOfWork } from '../uow';
import { normalizePhone } from './phone';
import type { PhoneCodeRepository } from './ports';

/** Spec-adjacent rules of issue 8: a code lives 5 minutes and allows 3 attempts. */
export const CODE_TTL_S = 5 * 60;
export const CODE_ATTEMPTS = 3;

export interface PhoneCodeDeps {
  repo: PhoneCodeRepository;
  uow: UnitOfWork;
  limits: RateLimiter;
  limitRules: Pick<LimitRules, 'phoneCodeResend' | 'phoneCodesPerPhone' | 'phoneCodesPerClient'>;
  /** A keyed hash of phone and code: what a leaked table holds cannot be turned back into codes. */
  hashCode(phone: string, code: string): string;
  /** Six random digits from a secure source. */
  newCode(): string;
}

export interface PhoneCheckResult {
  phone: string;
  /** The user to log in, when `login` was asked and a user has this phone confirmed. */
  loginUserId: number | null;
}

export interface PhoneCodesService {
  send(ctx: RequestContext, rawPhone: string): Promise<{ phone: string; resendAfter: number }>;
  check(ctx: RequestContext, rawPhone: string, code: string, login: boolean): Promise<PhoneCheckResult>;
}

export function phoneOrThrow(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone)
    throw new DomainError(
      'validation',
      'Введите номер мобильного телефона: 11 цифр, например +7 900 123-45-67.',
      'PHONE_INVALID',
    );
  return phone;
}

export function createPhoneCodesService(deps: PhoneCodeDeps): PhoneCodesService {
  const { phoneCodeResend, phoneCodesPerPhone, phoneCodesPerClient } = deps.limitRules;
  return {
    async send(ctx, rawPhone) {
      const phone = phoneOrThrow(rawPhone);
      // The resend pause first: a refused early resend does not use up one of the hour's codes.
      await enforce(deps.limits, [phone, phoneCodeResend]);
      await enforce(deps.limits, [phone, phoneCodesPerPhone], [ctx.client, phoneCodesPerClient]);
      const code = deps.newCode();
      await deps.uow.run(async (repos) => {
        await repos.phoneCodes.create({
          sessionId: ctx.sessionId,
          phone,
          codeHash: deps.hashCode(phone, code),
          expiresAt: new Date(ctx.now().getTime() + CODE_TTL_S * 1000),
        });
        await repos.outbox.enqueue(phoneCodeSms({ phone, code }));
      });
      return { phone, resendAfter: phoneCodeResend.windowS };
    },

    async check(ctx, rawPhone, code, login) {
      const phone = phoneOrThrow(rawPhone);
      if (!/^\d{6}$/.test(code)) throw new DomainError('validation', 'Введите шесть цифр кода из SMS.', 'CODE_INVALID');
      const { result, attemptsLeft } = await deps.repo.attempt(
        ctx.sessionId,
        phone,
        deps.hashCode(phone, code),
        ctx.now(),
      );
      if (result === 'none')
        throw new DomainError(
          'validation',
          'Код устарел или попытки закончились. Запросите новый код.',
          'CODE_EXPIRED',
        );
      if (result === 'wrong')
        throw new DomainError(
          'validation',
          attemptsLeft > 0
            ? `Неверный код. Осталось попыток: ${attemptsLeft}.`
            : 'Неверный код. Попытки закончились: запросите новый код.',
          'CODE_WRONG',
        );
      // A user's phone is theirs only if no other account has it; the session notes it after that check.
      if (ctx.actor.kind === 'user' && (await deps.repo.confirmOnUser(ctx.actor.userId, phone)) === 'taken')
        throw new DomainError('conflict', 'Этот телефон подтверждён в другой учётной записи.', 'PHONE_TAKEN');
      await deps.repo.confirmOnSession(ctx.sessionId, phone);
      const loginUserId = ctx.actor.kind === 'visitor' && login ? await deps.repo.userByConfirmedPhone(phone) : null;
      return { phone, loginUserId };
    },
  };
}
