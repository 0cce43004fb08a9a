/**
 * Readings whose answer is known before the query runs, and so cannot be what was asked: filters
 * no row can pass together ("price over 100 and under 50", "pet type = cat and pet type = dog" on
 * the same row), counts of the distinct values of what each group is grouped by (or of the rows each
 * group of their own name holds), and counts of rows grouped by their own key (1, or nearly, every time).
 */
import type { Filter, FilterValue, LogicalQuery } from '../../query/logical-query.ts';
import type { SchemaIndex } from '../schema/schema-model.ts';

export function isDegenerate(query: LogicalQuery, schema: SchemaIndex): boolean {
  return noRowPasses(query.filters) || countsItsOwnGroup(query) || countsOneRowPerGroup(query, schema) || countsWhatItsNameGroups(query, schema);
}

/**
 * "how many of our accounts are software companies" counted by each account: a group per row of
 * the rows counted (their key, reached by many-to-one joins only) counts 1 every time.
 */
function countsOneRowPerGroup(query: LogicalQuery, schema: SchemaIndex): boolean {
  const key = schema.entityByName.get(query.root)?.primaryKey ?? [];
  const grouped = new Set(query.dimensions.filter((dimension) => dimension.grain === undefined && dimension.field.entity === query.root).map((dimension) => dimension.field.column));
  if (key.length === 0 || !key.every((column) => grouped.has(column))) return false;
  const manyToOne = query.joins.every((join) => {
    const target = schema.entityByName.get(join.toEntity)?.primaryKey ?? [];
    return target.length > 0 && target.length === join.toColumns.length && target.every((column) => join.toColumns.includes(column));
  });
  return manyToOne && query.measures.some((measure) => measure.aggregate === 'count' && measure.expression === undefined && measure.where === undefined && measure.per === undefined);
}

/** Plain filters on one column that contradict each other. */
export function noRowPasses(filters: readonly Filter[]): boolean {
  const byColumn = new Map<string, Filter[]>();
  for (const filter of filters) {
    if (filter.expression.kind !== 'field' || filter.or !== undefined || filter.against !== undefined) continue;
    const key = `${filter.expression.entity}.${filter.expression.column}`;
    byColumn.set(key, [...(byColumn.get(key) ?? []), filter]);
  }
  for (const list of byColumn.values()) if (list.length > 1 && contradicts(list)) return true;
  return false;
}

function contradicts(filters: readonly Filter[]): boolean {
  let allowed: Set<string> | undefined;
  let lower = -Infinity;
  let lowerStrict = false;
  let upper = Infinity;
  let upperStrict = false;
  const raise = (value: number, strict: boolean) => {
    if (value > lower || (value === lower && strict)) [lower, lowerStrict] = [value, strict];
  };
  const cut = (value: number, strict: boolean) => {
    if (value < upper || (value === upper && strict)) [upper, upperStrict] = [value, strict];
  };
  for (const filter of filters) {
    const numbers = filter.values.every((value) => typeof value === 'number') ? (filter.values as number[]) : undefined;
    if (filter.op === 'eq' || filter.op === 'in') {
      const said = new Set(filter.values.map(valueKey));
      allowed = allowed === undefined ? said : new Set([...allowed].filter((value) => said.has(value)));
    } else if (numbers && numbers.length === 1 && (filter.op === 'gt' || filter.op === 'gte')) raise(numbers[0], filter.op === 'gt');
    else if (numbers && numbers.length === 1 && (filter.op === 'lt' || filter.op === 'lte')) cut(numbers[0], filter.op === 'lt');
    else if (numbers && numbers.length === 2 && filter.op === 'between') {
      raise(Math.min(...numbers), false);
      cut(Math.max(...numbers), false);
    }
  }
  if (lower > upper || (lower === upper && (lowerStrict || upperStrict))) return true;
  if (allowed === undefined) return false;
  const within = (value: number) => (value > lower || (value === lower && !lowerStrict)) && (value < upper || (value === upper && !upperStrict));
  return ![...allowed].some((key) => !key.startsWith('n:') || within(Number(key.slice(2))));
}

function valueKey(value: FilterValue): string {
  return typeof value === 'number' ? `n:${value}` : `s:${String(value).toLowerCase()}`;
}

/** A count of the distinct values of a column each group holds one value of (the group's own key, or a column joined equal to it). */
function countsItsOwnGroup(query: LogicalQuery): boolean {
  if (query.dimensions.length === 0) return false;
  const same = joinedEqual(query);
  const grouped = new Set(query.dimensions.filter((dimension) => dimension.grain === undefined).map((dimension) => same(`${dimension.field.entity}.${dimension.field.column}`)));
  return query.measures.some((measure) => measure.aggregate === 'count_distinct' && measure.per === undefined && measure.expression?.kind === 'field'
    && grouped.has(same(`${measure.expression.entity}.${measure.expression.column}`)));
}

/**
 * "users with more than one tweet" read as the number of distinct users per user name: rows grouped
 * by their own name hold one of them each (two only where two share a name), so the count says
 * nothing asked.
 */
function countsWhatItsNameGroups(query: LogicalQuery, schema: SchemaIndex): boolean {
  const grouped = new Set(query.dimensions.filter((dimension) => dimension.grain === undefined).map((dimension) => `${dimension.field.entity}.${dimension.field.column}`));
  return query.measures.some((measure) => {
    if (measure.aggregate !== 'count_distinct' || measure.per !== undefined || measure.expression?.kind !== 'field') return false;
    const { entity, column } = measure.expression;
    const counted = [entity, ...query.joins.filter((join) => join.fromEntity === entity && join.fromColumns.length === 1 && join.fromColumns[0] === column).map((join) => join.toEntity)];
    return counted.some((each) => (schema.entityByName.get(each)?.displayColumns ?? []).some((display) => grouped.has(`${each}.${display.name}`)));
  });
}

/** Columns the query's joins make equal, each mapped to one representative. */
function joinedEqual(query: LogicalQuery): (column: string) => string {
  const parent = new Map<string, string>();
  const find = (column: string): string => {
    const up = parent.get(column);
    if (up === undefined || up === column) return column;
    const root = find(up);
    parent.set(column, root);
    return root;
  };
  for (const join of query.joins) {
    join.fromColumns.forEach((column, position) => {
      const left = find(`${join.fromEntity}.${column}`);
      const right = find(`${join.toEntity}.${join.toColumns[position]}`);
      if (left !== right) parent.set(left, right);
    });
  }
  return find;
}
