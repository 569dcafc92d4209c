import { PARCEL_LIMITS } from '../../../domain/catalog/admin/rules';

type Fact = keyof typeof PARCEL_LIMITS;
const FACTS = Object.keys(PARCEL_LIMITS) as Fact[];
const UNITS: Record<Fact, string> = { weight: 'г', length: 'см', width: 'см', height: 'см' };

/**
 * The four inputs of a packed unit's weight (grams) and size (cm), for the product card, a section's row and the bulk
 * form: `values` fill them (empty = none of its own), `hints` show what applies when one is left empty.
 */
export function ParcelFields({
  values,
  hints,
  of,
  className,
  form,
}: {
  /** Current or re-shown values by field name; anything else in the object is ignored. */
  values?: { readonly [name: string]: unknown };
  hints?: Partial<Record<Fact, number | string | null>>;
  /** Whose facts, for a screen reader's label when many rows carry them («раздела Пуховики»). */
  of?: string;
  className?: string;
  /** The id of the form the inputs post with, when they stand outside it (a table row). */
  form?: string;
}) {
  return (
    <>
      {FACTS.map((fact) => {
        const { name, max } = PARCEL_LIMITS[fact];
        const hint = hints?.[fact];
        return (
          <label key={fact}>
            <span className={of ? 'visually-hidden' : undefined}>{`${name}${of ? ` ${of}` : ''}, ${UNITS[fact]}`}</span>
            <input
              name={fact}
              form={form}
              inputMode="numeric"
              pattern="\d*"
              maxLength={String(max).length}
              defaultValue={
                typeof values?.[fact] === 'number' || typeof values?.[fact] === 'string' ? String(values[fact]) : ''
              }
              placeholder={hint === null || hint === undefined ? '' : String(hint)}
              className={className}
              title={`${name}: целое число до ${max.toLocaleString('ru-RU')} ${UNITS[fact]}; пусто — по разделу`}
            />
          </label>
        );
      })}
    </>
  );
}
