import {
  FUNNEL_PERIODS,
  FUNNEL_STEPS,
  type FunnelRow,
  funnelPeriod,
  STEP_TITLES,
  type StepFigure,
} from '../../../domain/events/funnel';
import { Choice, type Column, DataTable, ListFrame, TableFrame } from '~/components/admin/kit';
import { FunnelFeatures } from '~/components/admin/FunnelFeatures';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import type { Route } from './+types/funnel';

/** The funnel: product views → baskets → checkouts → orders over the last 7, 30 or 90 days (issue 43.4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'reports.read');
  const days = funnelPeriod(new URL(request.url).searchParams.get('days'));
  const [report, features] = await Promise.all([
    context.services.funnel.report(context.ctx, days),
    context.services.funnelFeatures.report(context.ctx, days),
  ]);
  return { ...report, features };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Воронка — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const percent = (s: StepFigure) => (s.conversion === null ? '—' : `${s.conversion.toLocaleString('ru-RU')} %`);

/** A column a step: its count and, after the first, its conversion from the step before. */
const stepColumns = <Row,>(steps: (row: Row) => StepFigure[]): Column<Row>[] =>
  FUNNEL_STEPS.map((step, i) => ({
    title: STEP_TITLES[step],
    cell: (row) => {
      const s = steps(row)[i];
      return s && (i === 0 ? String(s.count) : `${s.count} (${percent(s)})`);
    },
  }));

function FunnelTable({ caption, first, rows }: { caption: string; first: string; rows: FunnelRow[] }) {
  return (
    <section>
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p>За этот период событий нет.</p>
      ) : (
        <TableFrame label={caption}>
          <DataTable
            rows={rows}
            rowKey={(r) => r.key}
            columns={[
              { title: first, rowHeader: true, cell: (r) => r.title },
              ...stepColumns((r: FunnelRow) => r.steps),
            ]}
          />
        </TableFrame>
      )}
    </section>
  );
}

export default function Funnel({ loaderData }: Route.ComponentProps) {
  const { days, total, byDay, bySection, byProduct, features } = loaderData;
  return (
    <>
      <h1>Воронка</h1>
      <ListFrame
        label="Период воронки"
        filters={
          <Choice
            label="Период"
            name="days"
            value={String(days)}
            options={Object.fromEntries(FUNNEL_PERIODS.map((p) => [p, `последние ${p} дней`]))}
          />
        }
        found={`За последние ${days} дней; в скобках — конверсия из предыдущего шага`}
        empty="За этот период событий нет."
        count={1}
      >
        <DataTable rows={[total]} rowKey={() => 'total'} columns={stepColumns((steps: StepFigure[]) => steps)} />
      </ListFrame>
      <FunnelFeatures report={features} />
      <FunnelTable caption="По дням" first="День" rows={byDay} />
      <FunnelTable caption="По разделам" first="Раздел" rows={bySection} />
      <FunnelTable caption="По товарам (первые 20)" first="Товар" rows={byProduct} />
    </>
  );
}
