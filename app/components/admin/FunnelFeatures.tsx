// The «Воронка» page's sections of issue 44.5: what «Сообщить о поступлении», reviews and the recommendation rows
// brought over the page's period, in the back office's tables (kit's DataTable in a TableFrame that scrolls on a phone).
import type { FunnelFeaturesReport } from '../../../domain/events/funnel-features.service';
import type { RatingBandFigure, RecommendationFigure } from '../../../domain/events/funnel-features';
import { formatAmount } from '../../../domain/pricing/price';
import { DataTable, TableFrame } from './kit';
import styles from './FunnelFeatures.module.css';

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')}\u00a0%`);
const rating = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

interface Figure {
  title: string;
  value: string;
}

/** A section's figures as a table of two columns: what is counted and its value, readable at any width. */
function Figures({ label, rows }: { label: string; rows: Figure[] }) {
  return (
    <TableFrame label={label}>
      <DataTable
        rows={rows}
        rowKey={(r) => r.title}
        className={styles.figures}
        columns={[
          { title: 'Показатель', rowHeader: true, cell: (r) => r.title },
          { title: 'За период', cell: (r) => r.value, className: styles.number },
        ]}
      />
    </TableFrame>
  );
}

export function FunnelFeatures({ report }: { report: FunnelFeaturesReport }) {
  const { alerts, reviews, recommendations, windowDays } = report;
  const window = `в течение ${windowDays} дней`;
  return (
    <>
      <section aria-labelledby="funnel-alerts" className={styles.feature}>
        <h2 id="funnel-alerts">Сообщить о поступлении</h2>
        <p className={styles.note}>
          Заказ засчитан, если его оформили в той же сессии {window} после перехода по ссылке из письма и в нём есть
          этот размер; каждый заказ — один раз.
        </p>
        <Figures
          label="Сообщить о поступлении: показатели"
          rows={[
            { title: 'Подписок оформлено', value: String(alerts.made) },
            { title: 'Подписок подтверждено', value: String(alerts.confirmed) },
            { title: 'Сообщений отправлено', value: String(alerts.sent) },
            { title: 'Переходов по ссылке', value: `${alerts.opens} (${percent(alerts.openRate)})` },
            { title: 'Заказов по ссылкам', value: `${alerts.orders} (${percent(alerts.orderRate)})` },
            { title: 'Сумма этих заказов', value: formatAmount(alerts.amount) },
          ]}
        />
      </section>

      <section aria-labelledby="funnel-reviews" className={styles.feature}>
        <h2 id="funnel-reviews">Отзывы</h2>
        <p className={styles.note}>Отзывы, написанные за период, и где они сейчас.</p>
        <Figures
          label="Отзывы: показатели"
          rows={[
            { title: 'Написано', value: String(reviews.written) },
            { title: 'Опубликовано', value: String(reviews.published) },
            { title: 'Скрыто', value: String(reviews.hidden) },
            { title: 'Ждут модерации', value: String(reviews.pending) },
            { title: 'Средняя оценка опубликованных', value: rating(reviews.averageRating) },
            { title: 'С фото', value: percent(reviews.photoShare) },
          ]}
        />
        <h3 className={styles.subhead}>Оценка и конверсия</h3>
        <p className={styles.note}>
          Просмотры товара → заказы по товарам с разной средней оценкой (по опубликованным отзывам).
        </p>
        <TableFrame label="Конверсия по оценке товара">
          <DataTable<RatingBandFigure>
            rows={reviews.byRating}
            rowKey={(r) => r.band}
            columns={[
              { title: 'Оценка', rowHeader: true, cell: (r) => r.title },
              { title: 'Товаров', cell: (r) => String(r.products), className: styles.number },
              { title: 'Просмотры', cell: (r) => String(r.views), className: styles.number },
              { title: 'Заказы', cell: (r) => String(r.orders), className: styles.number },
              { title: 'Конверсия', cell: (r) => percent(r.conversion), className: styles.number },
            ]}
          />
        </TableFrame>
      </section>

      <section aria-labelledby="funnel-recommendations" className={styles.feature}>
        <h2 id="funnel-recommendations">Рекомендации</h2>
        <p className={styles.note}>
          Заказ засчитан ряду, если его оформили в той же сессии {window} после клика и в нём есть этот товар.
        </p>
        <TableFrame label="Рекомендации по рядам">
          <DataTable<RecommendationFigure>
            rows={recommendations}
            rowKey={(r) => r.row}
            columns={[
              { title: 'Ряд', rowHeader: true, cell: (r) => r.title },
              { title: 'Показы', cell: (r) => String(r.shows), className: styles.number },
              { title: 'Клики', cell: (r) => String(r.clicks), className: styles.number },
              { title: 'CTR', cell: (r) => percent(r.clickRate), className: styles.number },
              { title: 'Заказы', cell: (r) => String(r.orders), className: styles.number },
              { title: 'Сумма заказов', cell: (r) => formatAmount(r.amount), className: styles.number },
            ]}
          />
        </TableFrame>
      </section>
    </>
  );
}
