/** Runs one grouped query: group keys, counts and aggregates, with having, order, offset and limit. */
import { compileDomain, compileOperator } from './domain-compiler.ts';
import { getModel } from './model-registry.ts';
import { valueError } from './odoo-errors.ts';
import { newSqlContext } from './record-reader.ts';
import { searchWhere, type OdooEnvironment } from './record-rules.ts';
import { aggregateSql, parseAggregate, parseGroupSpec, timezoneOf, type AggregateSpec, type GroupSpec } from './group-specs.ts';
import { quote } from './sql-context.ts';

export interface GroupQuery {
  domain: unknown;
  groupby: unknown[];
  aggregates: unknown[];
  /** read_group accepts bare field names and 'name:agg(field)'; formatted_read_group only 'field:agg'. */
  legacyAggregates: boolean;
  having?: unknown;
  order?: unknown;
  offset?: unknown;
  limit?: unknown;
}

export interface GroupRow { values: unknown[]; outer: unknown[][]; count: number; aggregates: Record<string, unknown> }

export interface GroupResult { groups: GroupSpec[]; aggregates: AggregateSpec[]; rows: GroupRow[] }

export async function runGroupQuery(environment: OdooEnvironment, modelName: string, query: GroupQuery): Promise<GroupResult> {
  const model = getModel(modelName);
  const context = newSqlContext(environment);
  const tz = timezoneOf(environment.context);
  const groups = query.groupby.map((spec) => parseGroupSpec(model, 'r', spec, tz, context));
  const groupNames = new Set(groups.map((group) => group.name));
  const aggregates: AggregateSpec[] = [];
  for (const spec of query.aggregates) {
    if (spec === '__count') continue;
    if (query.legacyAggregates && typeof spec === 'string' && groupNames.has(spec)) continue;
    const aggregate = parseAggregate(model, 'r', spec, context, query.legacyAggregates);
    if (aggregate !== undefined && !aggregates.some((known) => known.key === aggregate.key)) aggregates.push(aggregate);
  }
  const visible = aggregates.length;
  const aggregateColumn = (key: string): string => {
    if (key === '__count') return 'count(*)';
    let index = aggregates.findIndex((aggregate) => aggregate.key === key);
    if (index < 0) {
      const extra = parseAggregate(model, 'r', key, context, query.legacyAggregates);
      if (extra === undefined) throw valueError(`Invalid aggregate '${key}'`);
      aggregates.push(extra);
      index = aggregates.length - 1;
    }
    return aggregateSql(aggregates[index].aggregator, `a${index}`);
  };
  const having = query.having === undefined ? 'TRUE' : compileDomain(model, 'r', query.having, context, (leaf) => {
    if (!Array.isArray(leaf) || leaf.length !== 3 || typeof leaf[0] !== 'string') throw valueError(`Invalid having leaf ${JSON.stringify(leaf)}`);
    return compileOperator(aggregateColumn(leaf[0]), String(leaf[1]).toLowerCase(), leaf[2], undefined, context);
  });
  const orderBy = orderTerms(query.order, groups, aggregateColumn);
  const where = searchWhere(model, 'r', query.domain, environment, context);
  const inner = [...groups.map((group, index) => `${group.inner} AS g${index}`), ...aggregates.map((aggregate, index) => `${aggregate.inner} AS a${index}`)];
  const outer = [
    ...groups.flatMap((group, index) => [`g${index}`, ...group.outer(`g${index}`).map((sql, part) => `${sql} AS o${index}_${part}`)]),
    'count(*)::int AS __count',
    ...aggregates.slice(0, visible).map((aggregate, index) => `${aggregateSql(aggregate.aggregator, `a${index}`)} AS a${index}`),
  ];
  const limit = typeof query.limit === 'number' && query.limit > 0 ? ` LIMIT ${context.bind(query.limit)}` : '';
  const offset = typeof query.offset === 'number' && query.offset > 0 ? ` OFFSET ${context.bind(query.offset)}` : '';
  const sql = `SELECT ${outer.join(', ')} FROM (SELECT ${inner.length === 0 ? '1 AS one' : inner.join(', ')} FROM ${quote(model.table)} r WHERE ${where}) s`
    + (groups.length > 0 ? ` GROUP BY ${groups.map((_, index) => `g${index}`).join(', ')}` : '')
    + ` HAVING ${having}${orderBy === '' ? '' : ` ORDER BY ${orderBy}`}${limit}${offset}`;
  const result = await environment.pool.query(sql, context.params);
  const rows = result.rows.map((row: Record<string, unknown>) => ({
    values: groups.map((_, index) => row[`g${index}`]),
    outer: groups.map((group, index) => group.outer('').map((_, part) => row[`o${index}_${part}`])),
    count: row.__count as number,
    aggregates: Object.fromEntries(aggregates.slice(0, visible).map((aggregate, index) => [aggregate.key, row[`a${index}`]])),
  }));
  return { groups, aggregates: aggregates.slice(0, visible), rows };
}

/** Order terms: a groupby spec (or its field name), an aggregate key, or __count; default: the groups in order. */
function orderTerms(order: unknown, groups: GroupSpec[], aggregateColumn: (key: string) => string): string {
  if (typeof order !== 'string' || order.trim() === '') return groups.map((group, index) => `${group.order(`g${index}`)} ASC`).join(', ');
  return order.split(',').map((part) => part.trim()).filter((part) => part !== '').map((part) => {
    const match = /^([\w:.()]+)(?:\s+(asc|desc))?$/i.exec(part);
    if (match === null) throw valueError(`Invalid order '${order}'`);
    const [, key, direction = 'asc'] = match;
    const index = groups.findIndex((group) => group.spec === key || group.name === key);
    const expression = index >= 0 ? groups[index].order(`g${index}`) : aggregateColumn(key);
    return `${expression} ${direction.toUpperCase()}`;
  }).join(', ');
}
