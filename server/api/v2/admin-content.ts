import { Hono } from 'hono';
import { ADMIN_API } from '../../../contract/api';
import { STAFF_API } from '../../../contract/staff-api';
import { RELOAD_COMMAND } from '../../../domain/push/commands';
import {
  cleanSelection,
  contentId,
  faqInput,
  landingInput,
  pageInput,
  previewInput,
} from '../../../domain/content/content-admin.schemas';
import type { Services } from '../../../domain/services';
import { requirePermission } from '../../../domain/staff/permissions';
import { renderMarkdown } from '../../../domain/content/markdown';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import type { PushHub } from '../../push/hub';

/**
 * `/api/v2/admin/content/*` (issue 28.4): the information pages, the FAQ, the landing pages, the preview of a text
 * with its facts filled; and the staff path of the reload command. `content.edit` is checked before a body is read.
 */
export function contentAdminApi(services: Services, push: PushHub) {
  const api = new Hono<AppEnv>();
  const { contentAdmin } = services;
  const edit = (c: { get(key: 'ctx'): AppEnv['Variables']['ctx'] }) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'content.edit');
    return ctx;
  };

  api.get(STAFF_API.contentPages, async (c) => answer(c, { items: await contentAdmin.pages(edit(c)) }));
  api.post(STAFF_API.contentPages, async (c) => {
    const ctx = edit(c);
    const input = await parseInput(c, pageInput);
    return answer(c, { page: await contentAdmin.savePage(ctx, null, input) });
  });
  api.get(STAFF_API.contentPage, async (c) => {
    const ctx = edit(c);
    return answer(c, { page: await contentAdmin.page(ctx, contentId(c.req.param('id'))) });
  });
  api.post(STAFF_API.contentPage, async (c) => {
    const ctx = edit(c);
    const id = contentId(c.req.param('id'));
    const input = await parseInput(c, pageInput);
    return answer(c, { page: await contentAdmin.savePage(ctx, id, input) });
  });

  api.get(STAFF_API.faq, async (c) => answer(c, { items: await contentAdmin.faq(edit(c)) }));
  api.post(STAFF_API.faq, async (c) => {
    const ctx = edit(c);
    const input = await parseInput(c, faqInput);
    return answer(c, { item: await contentAdmin.saveFaq(ctx, null, input) });
  });
  api.post(STAFF_API.faqItem, async (c) => {
    const ctx = edit(c);
    const id = contentId(c.req.param('id'));
    const input = await parseInput(c, faqInput);
    return answer(c, { item: await contentAdmin.saveFaq(ctx, id, input) });
  });
  api.delete(STAFF_API.faqItem, async (c) => {
    const ctx = edit(c);
    await contentAdmin.deleteFaq(ctx, contentId(c.req.param('id')));
    return answer(c, {});
  });

  api.get(STAFF_API.landings, async (c) => answer(c, { items: await contentAdmin.landings(edit(c)) }));
  api.post(STAFF_API.landings, async (c) => {
    const ctx = edit(c);
    const input = await parseInput(c, landingInput);
    return answer(c, { landing: await contentAdmin.saveLanding(ctx, null, input) });
  });
  api.get(STAFF_API.landing, async (c) => {
    const ctx = edit(c);
    const landing = await contentAdmin.landing(ctx, contentId(c.req.param('id')));
    return answer(c, { landing, preview: await contentAdmin.landingPreview(ctx, landing.selection) });
  });
  api.post(STAFF_API.landing, async (c) => {
    const ctx = edit(c);
    const id = contentId(c.req.param('id'));
    const input = await parseInput(c, landingInput);
    const landing = await contentAdmin.saveLanding(ctx, id, input);
    return answer(c, { landing, preview: await contentAdmin.landingPreview(ctx, cleanSelection(input.selection)) });
  });

  api.post(STAFF_API.contentPreview, async (c) => {
    const ctx = edit(c);
    const { body } = await parseInput(c, previewInput);
    return answer(c, { html: renderMarkdown(await contentAdmin.preview(ctx, body)) });
  });

  // The staff path of the reload command (the operator's bearer path answers before the session: server/push).
  api.post(ADMIN_API.reloadPages, async (c) => {
    const ctx = edit(c);
    const pages = await contentAdmin.reloadPages(ctx, async () => {
      await push.broadcast(RELOAD_COMMAND);
      return push.size();
    });
    return answer(c, { command: RELOAD_COMMAND, pages });
  });
  return api;
}
