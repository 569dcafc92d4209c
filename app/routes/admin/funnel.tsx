import {
  FUNNEL_PERIODS,
  type FunnelRow,
  funnelPeriod,
  STEP_TITLES,
  type StepFigure,
} from '../../../domain/events/funnel';
import { ListFrame, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/funnel';

/** The funnel: product views → baskets → checkouts → orders over the last 7, 30 or 90 days (issue 43.4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'reports.read');
  const days = funnelPeriod(new URL(request.url).searchParams.get('days'));
  return context.services.funnel.report(context.ctx, days);
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Воронка — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const percent = (s: StepFigure) => (s.conversion === null ? '—' : `${s.conversion.toLocaleString('ru-RU')} %`);

/** A step's count and, after the first, its conversion from the step before. */
function StepCells({ steps }: { steps: StepFigure[] }) {
  return (
    <>
      {steps.map((s, i) => (
        <td key={s.step}>{i === 0 ? String(s.count) : `${s.count} (${percent(s)})`}</td>
      ))}
    </>
  );
}

function FunnelTable({ caption, first, rows }: { caption: string; first: string; rows: FunnelRow[] }) {
  return (
    <section>
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p>За этот период событий нет.</p>
      ) : (
        <TableFrame label={caption}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{first}</th>
                {rows[0]?.steps.map((s) => (
                  <th key={s.step} scope="col">
                    {STEP_TITLES[s.step]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.title}</th>
                  <StepCells steps={r.steps} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

export default function Funnel({ loaderData }: Route.ComponentProps) {
  const { days, total, byDay, bySection, byProduct } = loaderData;
  return (
    <>
      <h1>Воронка</h1>
      <ListFrame
        label="Период воронки"
        filters={
          <label>
            Период
            <select name="days" defaultValue={String(days)}>
              {FUNNEL_PERIODS.map((p) => (
                <option key={p} value={p}>
                  последние {p} дней
                </option>
              ))}
            </select>
          </label>
        }
        found={`За последние ${days} дней; в скобках — конверсия из предыдущего шага`}
        empty="За этот период событий нет."
        count={1}
      >
        <table className={styles.table}>
          <thead>
            <tr>
              {total.map((s) => (
                <th key={s.step} scope="col">
                  {STEP_TITLES[s.step]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <StepCells steps={total} />
            </tr>
          </tbody>
        </table>
      </ListFrame>
      <FunnelTable caption="По дням" first="День" rows={byDay} />
      <FunnelTable caption="По разделам" first="Раздел" rows={bySection} />
      <FunnelTable caption="По товарам (первые 20)" first="Товар" rows={byProduct} />
    </>
  );
}
