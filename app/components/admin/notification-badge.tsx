import { useEffect, useState } from 'react';
import { STAFF_API } from '../../../contract/staff-api';
import styles from './notifications.module.css';

/** After the server refused the stream (the browser gives up then), the badge asks again this much later. */
const REOPEN_MS = 30_000;

/**
 * The member's unread count (issue 47.1), as the page was rendered with, then live: the staff's stream says the
 * count whenever it changes, so a new order shows without a reload. Read out with the link it sits in.
 */
export function NotificationBadge({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(STAFF_API.notificationsStream);
      source.addEventListener('count', (event) => {
        const n = Number((event as MessageEvent).data);
        if (Number.isInteger(n) && n >= 0) setCount(n);
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, []);
  return (
    <span className={styles.badge} data-count={count} hidden={count === 0}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{`, непрочитанных: ${count}`}</span>
    </span>
  );
}
