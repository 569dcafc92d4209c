import styles from '../../../routes/admin/content.module.css';

/** The placeholders a text may use, with what each stands for now. */
export function Facts({ facts }: { facts: Record<string, string> }) {
  return (
    <details className={styles.facts}>
      <summary>Подстановки и их текущие значения</summary>
      <dl>
        {Object.entries(facts).map(([name, value]) => (
          <div key={name}>
            <dt>{`{{${name}}}`}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
