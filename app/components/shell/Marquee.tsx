import { KeptMarkup } from '~/components/ui/KeptMarkup';
import styles from './Marquee.module.css';

/** Spec §2: the marquee contents are duplicated 10 times so the strip never runs out. */
const COPY_KEYS = Array.from({ length: 10 }, (_, n) => `copy-${n}`);

/** The shop's promises (from the root loader) running across the top. */
export function Marquee({ messages }: { messages: string[] }) {
  return (
    <KeptMarkup
      as="section"
      markupKey={`marquee ${messages.join('\n')}`}
      className={styles.marquee}
      aria-label="Преимущества магазина"
    >
      {() => (
        <>
          {/* A promise may end in «руб.»: read as a list, not joined with dots («руб..»). */}
          <ul className="visually-hidden">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <div className={styles.track} aria-hidden="true">
            {COPY_KEYS.map((copy) => (
              <span key={copy} className={styles.group}>
                {messages.map((m) => (
                  <span key={m} className={styles.item}>
                    {m}
                  </span>
                ))}
              </span>
            ))}
          </div>
        </>
      )}
    </KeptMarkup>
  );
}
