import { useId, useState } from 'react';
import type { Gender } from '../../../domain/catalog/size/advice';
import { saveMeasures } from '~/lib/size-advice';
import styles from './SizeAdvice.module.css';

const FIELDS = [
  ['height', 'Рост'],
  ['chest', 'Грудь'],
  ['waist', 'Талия'],
  ['hips', 'Бёдра'],
] as const;

/**
 * «Подобрать размер» on the product page: the measures go through the same rule as the «Выбор размера» page and
 * `/api/v2/catalog/size/advice/`, and are remembered, so every product's size picker marks the advised size.
 */
export function SizeAdvice({ gender, advice }: { gender: Gender; advice: { size: number; text: string } | null }) {
  const id = useId();
  const [error, setError] = useState('');
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    // The check (zod) loads with the first submit, not with every product page.
    const { sizeAdviceInput } = await import('../../../domain/catalog/size/advice.schemas');
    const input = sizeAdviceInput.safeParse({ ...fields, gender });
    if (!input.success) return setError(input.error.issues[0]?.message ?? 'Проверьте мерки.');
    setError('');
    const { gender: _table, ...measures } = input.data;
    saveMeasures(measures);
  };
  return (
    <details className={styles.advice}>
      <summary>Подобрать размер по меркам</summary>
      <form onSubmit={submit} className={styles.form} noValidate aria-describedby={`${id}-hint`}>
        {FIELDS.map(([name, label]) => (
          <label key={name} className={styles.field}>
            {`${label}, см`}
            <input name={name} inputMode="decimal" maxLength={5} required />
          </label>
        ))}
        <button type="submit" className={styles.submit}>
          Подобрать
        </button>
      </form>
      <p id={`${id}-hint`} className={styles.hint}>
        Мерки запомним: размер отметим на всех товарах. <a href="/info/vybor-razmera/">Таблицы размеров</a>
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {advice && !error && (
        <p className={styles.result} role="status">
          <b>{`Ваш размер — ${advice.size}.`}</b> {advice.text}
        </p>
      )}
    </details>
  );
}
