import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { STAFF_API } from '../../../contract/staff-api';
import { answerInput, questionFilterInput, questionIdOf } from '../../../domain/feedback/questions-admin.schemas';
import { DomainError } from '../../../domain/errors';
import type { Services } from '../../../domain/services';
import { requirePermission } from '../../../domain/staff/permissions';
import { shopUpdateInput } from '../../../domain/stores/shops-admin.schemas';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';

/** The shop's id from the path: a number, or the same «not found» as a shop that does not exist. */
function shopId(c: Context<AppEnv>): number {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(id)) throw new DomainError('not_found', 'Магазин не найден.', 'SHOP_NOT_FOUND');
  return Number(id);
}

function questionId(c: Context<AppEnv>): number {
  const id = questionIdOf(c.req.param('id'));
  if (id === null) throw new DomainError('not_found', 'Вопрос не найден.', 'QUESTION_NOT_FOUND');
  return id;
}

/** The query string read through a schema: a bad filter is a 400 with its Russian message. */
function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success)
    throw new DomainError('validation', result.error.issues[0]?.message ?? 'Проверьте фильтр.', 'INVALID_QUERY');
  return result.data;
}

/** `/api/v2/admin/shops/*` and `/api/v2/admin/questions/*` (issue 28.6): the shops' data and the questions inbox. */
export function shopsQuestionsAdminApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.get(STAFF_API.shops, async (c) => answer(c, { items: await services.shopsAdmin.list(c.get('ctx')) }));
  api.get(STAFF_API.shop, async (c) => answer(c, { shop: await services.shopsAdmin.card(c.get('ctx'), shopId(c)) }));
  api.post(STAFF_API.shop, async (c) => {
    const ctx = c.get('ctx');
    // The permission first: a role that may not learns nothing of the form's checks.
    requirePermission(ctx, 'content.edit');
    const id = shopId(c);
    const input = await parseInput(c, shopUpdateInput);
    return answer(c, { shop: await services.shopsAdmin.update(ctx, id, input) });
  });
  api.get(STAFF_API.questions, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'content.edit');
    return answer(c, await services.questionsAdmin.list(ctx, parseQuery(c, questionFilterInput)));
  });
  api.post(STAFF_API.questionAnswer, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'content.edit');
    const id = questionId(c);
    const input = await parseInput(c, answerInput);
    return answer(c, { question: await services.questionsAdmin.answer(ctx, id, input) });
  });
  return api;
}
