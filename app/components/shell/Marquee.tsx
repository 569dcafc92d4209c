import styles from './Marquee.module.css';

const MESSAGES = [
  'Бесплатная доставка от 5 000 руб.',
  'Примерка перед покупкой',
  'Бонусы за каждую покупку',
  'Резерв в магазине за 30 минут',
];
/** Spec §2: the marquee contents are duplicated 10 times so the strip never runs out. */
const COPY_KEYS = Array.from({ length: 10 }, (_, n) => `copy-${n}`);

export function Marquee() {
  return (
    <section className={styles.marquee} aria-label="Преимущества магазина">
      <span className="visually-hidden">{MESSAGES.join('. ')}</span>
      <div className={styles.track} aria-hidden="true">
        {COPY_KEYS.map((copy) => (
          <span key={copy} className={styles.group}>
            {MESSAGES.map((m) => (
              <span key={m} className={styles.item}>
                {m}
              </span>
            ))}
          </span>
        ))}
      </div>
    </section>
  );
}
