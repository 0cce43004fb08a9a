/** The bound values of one MySQL statement, in the order of their `?` placeholders. */
import type { FilterValue } from '../../query/logical-query.ts';

/** An exact decimal wide enough for any value a question holds (65 digits, 30 after the point: MySQL's maximum). */
const EXACT_DECIMAL = 'DECIMAL(65,30)';

/** SQL text compiled with its own parameter list, to be placed (and bound) once or more. */
export interface Fragment { readonly sql: string; readonly values: readonly unknown[] }

/** Bound parameters in order of appearance; `add` returns the placeholder. */
export class ParameterList {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return '?';
  }

  /** Text compiled on its own list (see `compileMysql`), its values bound again where it is placed. */
  bindAgain(fragment: Fragment): string {
    this.values.push(...fragment.values);
    return fragment.sql;
  }

  /** An exact number: bound as text and cast, never as a DOUBLE. */
  addExact(value: number): string {
    return `CAST(${this.add(String(value))} AS ${EXACT_DECIMAL})`;
  }

  /** A comparison value: non-integer numbers are exact decimals; integers, text and booleans are bound as they are. */
  addComparable(value: FilterValue): string {
    return typeof value === 'number' && !Number.isInteger(value) ? this.addExact(value) : this.add(value);
  }
}

