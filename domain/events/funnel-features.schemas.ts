import { z } from 'zod';
import { FUNNEL_PERIODS, type FunnelPeriod } from './funnel';

/** `?days=` of the funnel's call: 7, 30 or 90 days, 30 when left out. */
export const funnelFeaturesQuery = z.object({
  days: z
    .preprocess(
      (v) => (v === undefined || v === '' ? '30' : v),
      z.enum(
        FUNNEL_PERIODS.map(String) as [string, ...string[]],
        `Период — ${FUNNEL_PERIODS.join(', ')} дней: days=${FUNNEL_PERIODS.join('|')}.`,
      ),
    )
    .transform((v) => Number(v) as FunnelPeriod),
});
