/** The bound values of one SQL statement, in the order of their placeholders. */
import type { FilterValue } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';

/** SQL text compiled with its own parameter list, to be placed (and bound) once or more. */
export interface Fragment { readonly sql: string; readonly values: readonly unknown[] }

/** Bound parameters in order of appearance; `add` returns the placeholder. */
export class ParameterList {
  readonly values: unknown[] = [];
  readonly #dialect: Pick<SqlDialect, 'placeholder' | 'exactNumber'>;

  constructor(dialect: Pick<SqlDialect, 'placeholder' | 'exactNumber'>) {
    this.#dialect = dialect;
  }

  add(value: unknown): string {
    this.values.push(value);
    return this.#dialect.placeholder(this.values.length);
  }

  /** Text compiled on its own list (see `compileSql`), its values bound again where it is placed. */
  bindAgain(fragment: Fragment): string {
    this.values.push(...fragment.values);
    return fragment.sql;
  }

  /** An exact number: never bound as a float. */
  addExact(value: number): string {
    return this.#dialect.exactNumber(this, value);
  }

  /** A comparison value: non-integer numbers are exact decimals; integers, text and booleans are bound as they are. */
  addComparable(value: FilterValue): string {
    return typeof value === 'number' && !Number.isInteger(value) ? this.addExact(value) : this.add(value);
  }
}
