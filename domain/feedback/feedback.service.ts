import type { Company } from '../content/company';
import { normalizePhone } from '../auth/phone';
import { consentOf } from '../consent/consent';
import { type RequestContext, userIdOf } from '../context';
import { DomainError } from '../errors';
import type { LimitRules } from '../limits/rules';
import { enforce, type RateLimiter } from '../limits/limits';
import { feedbackCopyLetter, feedbackReceiptLetter, feedbackReceiptSms } from '../messages/templates';
import type { UnitOfWork } from '../uow';
import type { FeedbackInput } from './feedback';
import type { NewQuestion, Question, QuestionsRepository } from './ports';
import { checkStartToken, issueStartToken, type Sign } from './start-token';
import { TOPICS } from './topics';

export interface FeedbackService {
  /** Takes a question: refuses spam and floods, stores it, sends the shop a copy and the shopper a receipt. */
  ask(ctx: RequestContext, input: FeedbackInput): Promise<{ message: string; id: number }>;
  /** The logged-in user's questions with the answers (the cabinet's «Задать вопрос»). */
  mine(ctx: RequestContext): Promise<Question[]>;
  /** The address the contacts page shows: where questions go. */
  readonly contactEmail: string;
  /** The signed start the page gives out with the form (it posts it back). */
  startToken(ctx: RequestContext): string;
}

const spam = (message: string) => new DomainError('validation', message, 'FEEDBACK_SPAM');

export function createFeedbackService(deps: {
  /** The sender the letters' footer names. */
  company: Company;
  repo: QuestionsRepository;
  uow: UnitOfWork;
  limits: RateLimiter;
  limitRules: Pick<LimitRules, 'feedbackPerClient' | 'feedbackPerSession'>;
  /** Where the shop reads its questions. */
  shopEmail: string;
  sign: Sign;
}): FeedbackService {
  return {
    contactEmail: deps.shopEmail,

    startToken: (ctx) => issueStartToken(ctx.now(), deps.sign),

    async ask(ctx, input) {
      // A person does not see the honeypot field and takes more than a few seconds to write a question.
      if (input.website) throw spam('Сообщение не отправлено: оно похоже на автоматическую рассылку.');
      const started = checkStartToken(input.startToken, ctx.now(), deps.sign);
      if (started === 'invalid')
        throw new DomainError(
          'validation',
          'Не удалось проверить форму. Обновите страницу и отправьте вопрос ещё раз.',
          'FEEDBACK_FORM_INVALID',
        );
      if (started === 'fast')
        throw spam('Форма заполнена слишком быстро. Проверьте сообщение и отправьте его ещё раз.');
      await enforce(
        deps.limits,
        [ctx.client, deps.limitRules.feedbackPerClient],
        [ctx.sessionId, deps.limitRules.feedbackPerSession],
      );
      const phone = input.phone ? (normalizePhone(input.phone) ?? '') : '';
      const question: NewQuestion = {
        userId: userIdOf(ctx),
        sessionId: ctx.sessionId,
        name: input.name,
        email: input.email,
        phone,
        topic: input.topic,
        orderNumber: input.orderNumber,
        message: input.message,
      };
      const id = await deps.uow.run(async (repos) => {
        const newId = await repos.questions.insert(question);
        await repos.consents.record(consentOf(ctx, 'feedback', input.email || phone));
        const facts = { ...question, id: newId, topicName: TOPICS[input.topic] };
        await repos.outbox.enqueue(feedbackCopyLetter({ ...facts, company: deps.company, to: deps.shopEmail }));
        await repos.outbox.enqueue(
          input.email
            ? feedbackReceiptLetter({ ...facts, company: deps.company, to: input.email })
            : feedbackReceiptSms({ id: newId, phone }),
        );
        return newId;
      });
      return {
        id,
        message: `Спасибо! Вопрос № ${id} получен. Ответим ${input.email ? 'на почту' : 'по SMS или звонком'} в течение рабочего дня.`,
      };
    },

    async mine(ctx) {
      const userId = userIdOf(ctx);
      if (userId === null) return [];
      return (await deps.repo.ofUser(userId)).map((q) => ({ ...q, topicName: TOPICS[q.topic] }));
    },
  };
}
