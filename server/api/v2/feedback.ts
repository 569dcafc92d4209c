import { Hono } from 'hono';
import { feedbackInput } from '../../../domain/feedback/feedback';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { route } from '../route';

/**
 * `/api/v2/feedback/add/`: a shopper's question (the contacts page's form and the «Задать вопрос» dialogs);
 * `/api/v2/feedback/start/`: the signed start a dialog asks for when it opens (a public page's HTML is shared).
 */
export function feedbackApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'feedbackAdd', ['POST'], async (c) => {
    const input = await parseInput(c, feedbackInput);
    return services.feedback.ask(c.get('ctx'), input);
  });
  route(api, 'feedbackStart', ['GET'], async (c) => ({ startToken: services.feedback.startToken(c.get('ctx')) }));
  return api;
}
