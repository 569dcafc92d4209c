import type { Context } from 'hono';
import { z } from 'zod';
import { STAFF_API } from '../../../../contract/staff-api';
import { documentNotFound } from '../../../../domain/inventory/stock-documents';
import {
  stockDocumentsQueryInput,
  stockDraftInput,
  stockDraftUpdateInput,
  stockScanInput,
} from '../../../../domain/inventory/stock-drafts.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import type { AppEnv } from '../../../http/env';
import { pathNumber, queryOf, staffCalls } from './kit';

const documentId = (c: Context<AppEnv>) => pathNumber(c, documentNotFound);
const nothing = z.object({});

/**
 * `/api/v2/admin/stock/documents/*` (issue 47.4): the documents' list, a draft made, its lines set or scanned, posted
 * once, deleted. `POST stock/documents/` (posted at once) stays in stock.ts. Permission `stock.adjust`; the service
 * keeps a shop's staff to their own shop's documents.
 */
export function stockDocumentsAdminApi(services: Services) {
  const desk = () => services.stockDocumentDesk;
  const calls = staffCalls();
  calls.get(STAFF_API.stockDocuments, 'stock.adjust', async (c) =>
    answer(c, await desk().list(c.get('ctx'), queryOf(c, stockDocumentsQueryInput))),
  );
  calls.write(STAFF_API.stockDrafts, 'stock.adjust', stockDraftInput, async (ctx, input) => ({
    document: await desk().createDraft(ctx, input),
  }));
  calls.get(STAFF_API.stockDocument, 'stock.adjust', async (c) =>
    answer(c, { document: await desk().card(c.get('ctx'), documentId(c)) }),
  );
  calls.writeTo(STAFF_API.stockDocument, 'stock.adjust', documentId, stockDraftUpdateInput, async (ctx, id, input) => ({
    document: await desk().updateDraft(ctx, id, input),
  }));
  calls.writeTo(STAFF_API.stockDocumentScan, 'stock.adjust', documentId, stockScanInput, async (ctx, id, input) =>
    desk().scan(ctx, id, input),
  );
  // The body may carry the draft's last reason and quantities, saved and posted as one write.
  calls.writeTo(
    STAFF_API.stockDocumentPost,
    'stock.adjust',
    documentId,
    stockDraftUpdateInput,
    async (ctx, id, input) => ({
      document: await desk().post(ctx, id, input),
    }),
  );
  calls.writeTo(STAFF_API.stockDocumentDelete, 'stock.adjust', documentId, nothing, async (ctx, id) => {
    await desk().deleteDraft(ctx, id);
    return {};
  });
  return calls.api;
}
