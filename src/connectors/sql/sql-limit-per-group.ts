/**
 * A limit per group (`LogicalQuery.limitPerGroup`): the rows so far become the derived table `g`,
 * numbered within each group by `ROW_NUMBER() OVER (PARTITION BY by ORDER BY order, then every
 * other output column)` so that the cut is the same on every run and dialect; the outer SELECT
 * keeps the rows numbered up to the limit and lists the output columns without the number.
 */
import type { LimitPerGroup } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import { derivedTable } from './sql-layout.ts';
import type { ParameterList } from './sql-parameters.ts';

export interface RankedSelect {
  readonly lines: string[];
  /** ORDER BY terms when the query gives no order: the group's dimensions, then the rank. */
  readonly defaultOrder: readonly string[];
}

/** Keeps the first `cut.limit` rows per group of `inner`, whose columns are `ids`. */
export function limitPerGroupSelect(cut: LimitPerGroup, inner: readonly string[], ids: readonly string[], parameters: ParameterList, dialect: SqlDialect): RankedSelect {
  const quote = (id: string) => dialect.quoteIdentifier(id);
  const rank = freshName('rn', ids);
  const ranked = (id: string) => `g.${quote(id)}`;
  const ranking = [
    ...cut.order.map(({ id, direction }) => dialect.orderTerm(ranked(id), direction)),
    ...ids.filter((id) => !cut.by.includes(id) && !cut.order.some((term) => term.id === id)).map((id) => dialect.orderTerm(ranked(id), 'asc')),
  ];
  const partition = cut.by.length === 0 ? '' : `PARTITION BY ${cut.by.map(ranked).join(', ')} `;
  const numbered = [
    'SELECT',
    [...ids.map((id) => `  ${ranked(id)} AS ${quote(id)}`), `  ROW_NUMBER() OVER (${partition}ORDER BY ${ranking.join(', ')}) AS ${quote(rank)}`].join(',\n'),
    ...derivedTable(inner, 'g'),
  ];
  const lines = [
    'SELECT',
    ids.map((id) => `  r.${quote(id)} AS ${quote(id)}`).join(',\n'),
    ...derivedTable(numbered, 'r'),
    `WHERE r.${quote(rank)} <= ${parameters.add(cut.limit)}`,
  ];
  return { lines, defaultOrder: [...cut.by.map((id) => dialect.orderTerm(quote(id), 'asc')), `r.${quote(rank)}`] };
}

/** `base`, or `base_1`, `base_2`… : a column name none of `taken` uses, in any letter case (MySQL's column names ignore it). */
function freshName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((id) => id.toLowerCase()));
  let name = base;
  for (let suffix = 1; used.has(name); suffix += 1) name = `${base}_${suffix}`;
  return name;
}
