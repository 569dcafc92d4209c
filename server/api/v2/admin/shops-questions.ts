import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import { answerInput, questionFilterInput, questionIdOf } from '../../../../domain/feedback/questions-admin.schemas';
import { DomainError } from '../../../../domain/errors';
import type { Services } from '../../../../domain/services';
import { shopUpdateInput } from '../../../../domain/stores/shops-admin.schemas';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { pathNumber, queryOf, staffCalls } from './kit';

const shopId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Магазин не найден.', 'SHOP_NOT_FOUND'));

function questionId(c: Context<AppEnv>): number {
  const id = questionIdOf(c.req.param('id'));
  if (id === null) throw new DomainError('not_found', 'Вопрос не найден.', 'QUESTION_NOT_FOUND');
  return id;
}

/** `/api/v2/admin/shops/*` and `/api/v2/admin/questions/*` (issue 28.6): the shops' data and the questions inbox. */
export function shopsQuestionsAdminApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.shops, 'content.edit', async (c) =>
    answer(c, { items: await services.shopsAdmin.list(c.get('ctx')) }),
  );
  calls.get(STAFF_API.shop, 'content.edit', async (c) =>
    answer(c, { shop: await services.shopsAdmin.card(c.get('ctx'), shopId(c)) }),
  );
  calls.writeTo(STAFF_API.shop, 'content.edit', shopId, shopUpdateInput, async (ctx, id, input) => ({
    shop: await services.shopsAdmin.update(ctx, id, input),
  }));
  calls.get(STAFF_API.questions, 'content.edit', async (c) =>
    answer(c, await services.questionsAdmin.list(c.get('ctx'), queryOf(c, questionFilterInput))),
  );
  calls.writeTo(STAFF_API.questionAnswer, 'content.edit', questionId, answerInput, async (ctx, id, input) => ({
    question: await services.questionsAdmin.answer(ctx, id, input),
  }));
  return calls.api;
}
