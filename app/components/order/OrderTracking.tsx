import type { OrderTracking as Tracking } from '../../../domain/delivery/shipments';

/** The order's tracking number with the carrier's page and its last event (issue 42.8). */
export function OrderTracking({ tracking, className }: { tracking: Tracking | null; className?: string }) {
  if (!tracking) return null;
  return (
    <p className={className}>
      {'Трек-номер: '}
      {tracking.url ? (
        <a href={tracking.url} target="_blank" rel="noreferrer">
          {tracking.number}
        </a>
      ) : (
        tracking.number
      )}
      {tracking.lastEvent ? ` — ${tracking.lastEvent}` : ''}
    </p>
  );
}
