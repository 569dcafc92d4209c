import { Hono } from 'hono';
import { feedbackInput } from '../../../domain/feedback/feedback';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/** `/api/v2/feedback/add/`: a shopper's question (the contacts page's form and the «Задать вопрос» dialogs). */
export function feedbackApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'feedbackAdd', ['POST'], async (c) => {
    const input = await parseInput(c, feedbackInput);
    return services.feedback.ask(c.get('ctx'), input);
  });
  return api;
}
