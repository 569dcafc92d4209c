import { ADMIN_API } from '../../../../contract/api';
import { STAFF_API } from '../../../../contract/staff-api';
import { RELOAD_COMMAND } from '../../../../domain/push/commands';
import {
  cleanSelection,
  contentId,
  faqInput,
  landingInput,
  pageInput,
  previewInput,
} from '../../../../domain/content/content-admin.schemas';
import type { Services } from '../../../../domain/services';
import { renderMarkdown } from '../../../../domain/content/markdown';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import type { PushHub } from '../../../push/hub';
import { staffCalls } from './kit';

/**
 * `/api/v2/admin/content/*` (issue 28.4): the information pages, the FAQ, the landing pages, the preview of a text
 * with its facts filled; and the staff path of the reload command. Every call needs `content.edit`.
 */
export function contentAdminApi(services: Services, push: PushHub) {
  const calls = staffCalls();
  const { contentAdmin } = services;
  const edit = 'content.edit';

  calls.get(STAFF_API.contentPages, edit, async (c) => answer(c, { items: await contentAdmin.pages(c.get('ctx')) }));
  calls.post(STAFF_API.contentPages, edit, async (c) => {
    const input = await parseInput(c, pageInput);
    return answer(c, { page: await contentAdmin.savePage(c.get('ctx'), null, input) });
  });
  calls.get(STAFF_API.contentPage, edit, async (c) =>
    answer(c, { page: await contentAdmin.page(c.get('ctx'), contentId(c.req.param('id'))) }),
  );
  calls.post(STAFF_API.contentPage, edit, async (c) => {
    const id = contentId(c.req.param('id'));
    const input = await parseInput(c, pageInput);
    return answer(c, { page: await contentAdmin.savePage(c.get('ctx'), id, input) });
  });

  calls.get(STAFF_API.faq, edit, async (c) => answer(c, { items: await contentAdmin.faq(c.get('ctx')) }));
  calls.post(STAFF_API.faq, edit, async (c) => {
    const input = await parseInput(c, faqInput);
    return answer(c, { item: await contentAdmin.saveFaq(c.get('ctx'), null, input) });
  });
  calls.post(STAFF_API.faqItem, edit, async (c) => {
    const id = contentId(c.req.param('id'));
    const input = await parseInput(c, faqInput);
    return answer(c, { item: await contentAdmin.saveFaq(c.get('ctx'), id, input) });
  });
  calls.delete(STAFF_API.faqItem, edit, async (c) => {
    await contentAdmin.deleteFaq(c.get('ctx'), contentId(c.req.param('id')));
    return answer(c, {});
  });

  calls.get(STAFF_API.landings, edit, async (c) => answer(c, { items: await contentAdmin.landings(c.get('ctx')) }));
  calls.post(STAFF_API.landings, edit, async (c) => {
    const input = await parseInput(c, landingInput);
    return answer(c, { landing: await contentAdmin.saveLanding(c.get('ctx'), null, input) });
  });
  calls.get(STAFF_API.landing, edit, async (c) => {
    const ctx = c.get('ctx');
    const landing = await contentAdmin.landing(ctx, contentId(c.req.param('id')));
    return answer(c, { landing, preview: await contentAdmin.landingPreview(ctx, landing.selection) });
  });
  calls.post(STAFF_API.landing, edit, async (c) => {
    const ctx = c.get('ctx');
    const id = contentId(c.req.param('id'));
    const input = await parseInput(c, landingInput);
    const landing = await contentAdmin.saveLanding(ctx, id, input);
    return answer(c, { landing, preview: await contentAdmin.landingPreview(ctx, cleanSelection(input.selection)) });
  });

  calls.post(STAFF_API.contentPreview, edit, async (c) => {
    const { body } = await parseInput(c, previewInput);
    return answer(c, { html: renderMarkdown(await contentAdmin.preview(c.get('ctx'), body)) });
  });

  // The staff path of the reload command (the operator's bearer path answers before the session: server/push).
  calls.post(ADMIN_API.reloadPages, edit, async (c) => {
    const pages = await contentAdmin.reloadPages(c.get('ctx'), async () => {
      await push.broadcast(RELOAD_COMMAND);
      return push.size();
    });
    return answer(c, { command: RELOAD_COMMAND, pages });
  });
  return calls.api;
}
