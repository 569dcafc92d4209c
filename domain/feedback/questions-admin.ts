import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { questionAnswerLetter } from '../messages/templates';
import { orderNumber } from '../order/process';
import type { StaffWrite } from '../staff/staff-write';
import { requirePermission } from '../staff/permissions';
import type { AnswerInput, QuestionFilter } from './questions-admin.schemas';
import { TOPICS, type Topic } from './topics';

/** A shopper's question as the inbox keeps it. */
export interface AdminQuestion {
  id: number;
  userId: number | null;
  name: string;
  email: string;
  phone: string;
  topic: Topic;
  topicName: string;
  orderNumber: string;
  /** The order the number names, when there is one: the card links to it. */
  orderId: number | null;
  message: string;
  answer: string | null;
  answeredAt: string | null;
  answeredBy: { id: number; email: string } | null;
  createdAt: string;
}

export type QuestionRow = Omit<AdminQuestion, 'topicName' | 'orderId' | 'answeredBy'> & {
  answeredBy: number | null;
  answeredByEmail: string | null;
};

export interface QuestionQuery {
  answered?: boolean;
  topic?: Topic;
  q?: string;
  limit: number;
  offset: number;
}

export interface QuestionsAdminReads {
  /** Unanswered first, then answered; newest first within each. */
  list(query: QuestionQuery): Promise<{ rows: QuestionRow[]; total: number }>;
  unanswered(): Promise<number>;
  one(id: number): Promise<QuestionRow | null>;
  /** Whether an order with this id exists. */
  orderExists(id: number): Promise<boolean>;
}

export interface QuestionsAdminWrites {
  /** The question, locked until the unit of work ends. */
  lock(id: number): Promise<QuestionRow | null>;
  answer(id: number, text: string, at: Date, staffId: number): Promise<void>;
}

export const QUESTIONS_PAGE_SIZE = 50;

export interface QuestionsAdminService {
  list(
    ctx: RequestContext,
    filter: QuestionFilter,
  ): Promise<{ items: AdminQuestion[]; total: number; unanswered: number; page: number; pages: number }>;
  /** The count of unanswered questions (the navigation's label). */
  unanswered(ctx: RequestContext): Promise<number>;
  card(ctx: RequestContext, id: number): Promise<AdminQuestion>;
  /**
   * Stores the answer with who and when, sends it to the shopper's email (when they left one) through the outbox,
   * and records `question.answer`, in one transaction. An answered question is refused unless `replace`.
   */
  answer(ctx: RequestContext, id: number, input: AnswerInput): Promise<AdminQuestion>;
}

const notFound = () => new DomainError('not_found', 'Вопрос не найден.', 'QUESTION_NOT_FOUND');

/** The order id of an order number («100123» → 123), or null when it cannot be one. */
function orderIdOf(number: string): number | null {
  const digits = number.replace(/\D/g, '');
  if (!/^\d{6,9}$/.test(digits)) return null;
  const id = Number(digits) - 100_000;
  return id > 0 && orderNumber(id) === digits ? id : null;
}

export function createQuestionsAdminService(deps: {
  reads: QuestionsAdminReads;
  write: StaffWrite;
  company: Company;
}): QuestionsAdminService {
  const view = async (row: QuestionRow, withOrder: boolean): Promise<AdminQuestion> => {
    const { answeredByEmail, answeredBy, ...rest } = row;
    const candidate = withOrder ? orderIdOf(row.orderNumber) : null;
    return {
      ...rest,
      topicName: TOPICS[row.topic] ?? row.topic,
      orderId: candidate !== null && (await deps.reads.orderExists(candidate)) ? candidate : null,
      answeredBy: answeredBy === null ? null : { id: answeredBy, email: answeredByEmail ?? '' },
    };
  };
  const card = async (id: number) => {
    const row = await deps.reads.one(id);
    if (!row) throw notFound();
    return view(row, true);
  };

  return {
    async list(ctx, filter) {
      requirePermission(ctx, 'content.edit');
      const page = filter.page ?? 1;
      const [{ rows, total }, unanswered] = await Promise.all([
        deps.reads.list({
          answered: filter.state === undefined ? undefined : filter.state === 'answered',
          topic: filter.topic,
          q: filter.q,
          limit: QUESTIONS_PAGE_SIZE,
          offset: (page - 1) * QUESTIONS_PAGE_SIZE,
        }),
        deps.reads.unanswered(),
      ]);
      return {
        items: await Promise.all(rows.map((r) => view(r, false))),
        total,
        unanswered,
        page,
        pages: Math.max(1, Math.ceil(total / QUESTIONS_PAGE_SIZE)),
      };
    },

    async unanswered(ctx) {
      requirePermission(ctx, 'content.edit');
      return deps.reads.unanswered();
    },

    async card(ctx, id) {
      requirePermission(ctx, 'content.edit');
      return card(id);
    },

    async answer(ctx, id, input) {
      await deps.write(ctx, 'question.answer', { id }, async (repos, { member }) => {
        const question = await repos.answers.lock(id);
        if (!question) throw notFound();
        if (question.answer !== null && !input.replace)
          throw new DomainError(
            'conflict',
            'На вопрос уже ответили. Чтобы заменить ответ, отметьте «Заменить ответ».',
            'QUESTION_ANSWERED',
          );
        const at = ctx.now();
        await repos.answers.answer(id, input.text, at, member.staffId);
        if (question.email)
          await repos.outbox.enqueue(
            questionAnswerLetter({
              company: deps.company,
              to: question.email,
              id,
              name: question.name,
              topicName: TOPICS[question.topic] ?? question.topic,
              message: question.message,
              answer: input.text,
            }),
          );
        return {
          value: undefined,
          before: { answer: question.answer },
          after: { answer: input.text, letter: question.email ? 'email' : 'none' },
        };
      });
      return card(id);
    },
  };
}
