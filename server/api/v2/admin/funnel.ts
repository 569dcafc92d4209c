import { STAFF_API } from '../../../../contract/staff-api';
import type { FunnelFeaturesReport } from '../../../../domain/events/funnel-features.service';
import { funnelFeaturesQuery } from '../../../../domain/events/funnel-features.schemas';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { queryOf, staffCalls } from './kit';

const roubles = (kopecks: number) => kopecks / 100;

/** The report as the API answers it: money in roubles. */
export function funnelFeaturesJson(report: FunnelFeaturesReport) {
  return {
    ...report,
    alerts: { ...report.alerts, amount: roubles(report.alerts.amount) },
    recommendations: report.recommendations.map((r) => ({ ...r, amount: roubles(r.amount) })),
  };
}

/**
 * `/api/v2/admin/funnel/*` (issue 44.5): what stock alerts, reviews and recommendation rows brought over the last 7,
 * 30 or 90 days, as the «Воронка» page shows it. Permission `reports.read`, the page's.
 */
export function funnelAdminApi(services: Services) {
  const calls = staffCalls();
  calls.get(STAFF_API.funnelFeatures, 'reports.read', async (c) => {
    const { days } = queryOf(c, funnelFeaturesQuery);
    return answer(c, funnelFeaturesJson(await services.funnelFeatures.report(c.get('ctx'), days)));
  });
  return calls.api;
}
