/**
 * Window measures, read across the grouped rows: the grouped SELECT becomes the derived table `w`
 * and the outer SELECT lists every output column, the window measures computed from the columns
 * of the measures they read (`of`). The same text on both dialects:
 *
 * - share: `w.m / NULLIF(SUM(w.m) OVER (PARTITION BY within), 0)`, divided exactly as a ratio is;
 * - running_total: `SUM(w.m) OVER (PARTITION BY within ORDER BY along, the other dimensions
 *   ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`; the other dimensions only make the order
 *   of rows sharing a bucket stable; a running total of integers stays an integer;
 * - change: `w.m - LAG(w.m) OVER (PARTITION BY the other dimensions ORDER BY along)`, kept only
 *   when the previous row's bucket is the one right before (the bucket holding the day before this
 *   one starts), NULL otherwise; in percent relative to the previous value, NULL when it is 0.
 */
import type { LogicalQuery, Measure } from '../../query/logical-query.ts';
import { isWindowMeasure } from './sql-grouped.ts';
import { derivedTable } from './sql-layout.ts';
import { measureType } from './sql-measure-types.ts';
import type { SqlContext } from './sql-rows.ts';
import { invalid } from './sql-scope.ts';

const WINDOW_ALIAS = 'w';

/** `SELECT …, <window measures> FROM (grouped) AS w`, the output columns in the query's order (with no window measure, the grouped rows as plain columns). */
export function windowSelect(query: LogicalQuery, grouped: readonly string[], context: SqlContext): string[] {
  const { dialect } = context;
  const quote = (id: string) => dialect.quoteIdentifier(id);
  const column = (id: string) => `${WINDOW_ALIAS}.${quote(id)}`;
  const items = [
    ...query.dimensions.map(({ id }) => `  ${column(id)} AS ${quote(id)}`),
    ...query.measures.map((measure) => `  ${isWindowMeasure(measure) ? windowMeasure(query, measure, column, context) : column(measure.id)} AS ${quote(measure.id)}`),
  ];
  return ['SELECT', items.join(',\n'), ...derivedTable(grouped, WINDOW_ALIAS)];
}

function windowMeasure(query: LogicalQuery, measure: Measure, column: (id: string) => string, context: SqlContext): string {
  const { dialect } = context;
  const of = column(measure.of!);
  const within = (measure.within ?? []).map(column);
  const ascending = (ids: readonly string[]) => ids.map((id) => dialect.orderTerm(column(id), 'asc'));
  const otherDimensions = (...excluded: readonly string[]) => query.dimensions.map(({ id }) => id).filter((id) => !excluded.includes(id));
  switch (measure.aggregate) {
    case 'share': {
      const dividend = dialect.ratioDividend(of);
      return `(${measure.percent === true ? `${dividend} * 100` : dividend} / NULLIF(SUM(${of}) ${over(within, [])}, 0))`;
    }
    case 'running_total': {
      const along = measure.along!;
      const order = ascending([along, ...otherDimensions(along, ...(measure.within ?? []))]);
      const sum = `SUM(${of}) ${over(within, order, 'ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW')}`;
      return measureType(query, measure.of!, context) === 'integer' ? dialect.integerSum(sum) : sum;
    }
    case 'change': {
      const along = query.dimensions.find(({ id }) => id === measure.along)!;
      const window = over(otherDimensions(along.id).map(column), ascending([along.id]));
      const bucket = column(along.id);
      const previousBucket = dialect.grainToSql[along.grain!]({ sql: dialect.dayBefore(bucket), type: 'date' });
      const previous = `LAG(${of}) ${window}`;
      const difference = `(${of} - ${previous})`;
      const value = measure.percent === true ? `(${dialect.ratioDividend(difference)} * 100 / NULLIF(${previous}, 0))` : difference;
      return `CASE WHEN LAG(${bucket}) ${window} = ${previousBucket} THEN ${value} END`;
    }
    default:
      return invalid(`Unknown window aggregate "${measure.aggregate}".`);
  }
}

/** `OVER (PARTITION BY … ORDER BY … frame)` of compiled terms; no partition makes every row one group. */
function over(partition: readonly string[], order: readonly string[], frame?: string): string {
  const parts = [
    ...(partition.length === 0 ? [] : [`PARTITION BY ${partition.join(', ')}`]),
    ...(order.length === 0 ? [] : [`ORDER BY ${order.join(', ')}`]),
    ...(frame === undefined ? [] : [frame]),
  ];
  return `OVER (${parts.join(' ')})`;
}
