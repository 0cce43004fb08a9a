/** Groupby and aggregate specifications ('date_order:month', 'amount_total:sum') turned into SQL pieces. */
import { getModel } from './model-registry.ts';
import { isStored, type FieldDefinition, type ModelDefinition } from './model-types.ts';
import { valueError } from './odoo-errors.ts';
import { displayNameSql, fieldSql, quote, requireField, type SqlContext } from './sql-context.ts';

const GRANULARITIES = new Set(['day', 'week', 'month', 'quarter', 'year']);
/** Number parts (17.3+, served from 18 here): EXTRACT field names. */
const NUMBER_PARTS: Readonly<Record<string, string>> = {
  year_number: 'YEAR', quarter_number: 'QUARTER', month_number: 'MONTH', iso_week_number: 'WEEK',
  day_of_year: 'DOY', day_of_month: 'DAY', day_of_week: 'DOW', hour_number: 'HOUR', minute_number: 'MINUTE', second_number: 'SECOND',
};
const AGGREGATORS = new Set(['sum', 'avg', 'min', 'max', 'count', 'count_distinct', 'bool_and', 'bool_or', 'array_agg']);
const NUMERIC = new Set(['integer', 'float', 'monetary']);

export interface GroupSpec {
  /** The spec as the caller wrote it; the key of the result. */
  spec: string;
  name: string;
  definition: FieldDefinition;
  /** 'month' etc. for date buckets, a number part, or undefined. */
  granularity?: string;
  /** Expression over the row alias that yields the group key (a local bucket start for dates). */
  inner: string;
  /** Expression over the grouped column `g<i>` used for ordering. */
  order: (column: string) => string;
  /** Extra SELECT items over `g<i>`: for dates the bucket bounds in UTC, for many2one the display pair. */
  outer: (column: string) => string[];
}

export interface AggregateSpec { key: string; name: string; aggregator: string; inner: string }

export function timezoneOf(context: Record<string, unknown>): string {
  const tz = context.tz;
  return typeof tz === 'string' && /^[A-Za-z0-9_+\-/]+$/.test(tz) ? tz : 'UTC';
}

export function parseGroupSpec(model: ModelDefinition, alias: string, spec: unknown, tz: string, context: SqlContext): GroupSpec {
  if (typeof spec !== 'string') throw valueError(`Invalid groupby ${JSON.stringify(spec)}`);
  const [name, granularityText] = spec.split(':');
  const definition = requireField(model, name, context);
  if (!isStored(definition) || definition.type === 'binary') throw valueError(`Field ${model.name}.${name} is not groupable`);
  const expression = fieldSql(model, alias, name, context);
  const self = (column: string) => column;
  if (definition.type === 'date' || definition.type === 'datetime') {
    const granularity = granularityText ?? 'month';
    // Only a datetime is shifted into the user's time zone; a bound parameter no SQL uses has no type PostgreSQL can infer.
    const tzParameter = definition.type === 'datetime' ? context.bind(tz) : '';
    const local = definition.type === 'datetime' ? `((${expression}) AT TIME ZONE 'UTC' AT TIME ZONE ${tzParameter}::text)` : `(${expression})::timestamp`;
    if (context.major >= 18 && NUMBER_PARTS[granularity] !== undefined) {
      return { spec, name, definition, granularity, inner: `EXTRACT(${NUMBER_PARTS[granularity]} FROM ${local})::int`, order: self, outer: () => [] };
    }
    if (!GRANULARITIES.has(granularity)) throw valueError(`Invalid granularity '${granularity}' in '${spec}'`);
    const format = definition.type === 'datetime' ? 'YYYY-MM-DD HH24:MI:SS' : 'YYYY-MM-DD';
    const bound = (column: string) => definition.type === 'datetime' ? `((${column}) AT TIME ZONE ${tzParameter}::text AT TIME ZONE 'UTC')` : `(${column})`;
    return {
      spec, name, definition, granularity, order: self,
      inner: `date_trunc('${granularity}', ${local})`,
      outer: (column) => [
        `to_char(${column}, 'YYYY-MM-DD')`,
        `to_char(${bound(column)}, '${format}')`,
        `to_char(${bound(`${column} + interval '${granularity === 'quarter' ? '3 month' : `1 ${granularity}`}'`)}, '${format}')`,
      ],
    };
  }
  if (granularityText !== undefined) throw valueError(`Granularity is only for date fields: '${spec}'`);
  if (definition.type === 'many2one') {
    const comodel = getModel(definition.relation);
    const display = (column: string) => {
      const sub = context.alias();
      return `(SELECT ${displayNameSql(comodel, sub, context)} FROM ${quote(comodel.table)} ${sub} WHERE ${sub}.id = ${column})`;
    };
    return { spec, name, definition, inner: expression, order: display, outer: (column) => [display(column)] };
  }
  if (definition.type === 'one2many' || definition.type === 'many2many') throw valueError(`Field ${model.name}.${name} is not groupable here`);
  return { spec, name, definition, inner: expression, order: self, outer: () => [] };
}

/** 'amount_total:sum', 'total:sum(amount_total)' or a bare numeric field (its default aggregator); undefined when Odoo ignores it. */
export function parseAggregate(model: ModelDefinition, alias: string, spec: unknown, context: SqlContext, bareAllowed: boolean): AggregateSpec | undefined {
  if (typeof spec !== 'string') throw valueError(`Invalid aggregate ${JSON.stringify(spec)}`);
  const match = /^(\w+)(?::(\w+)(?:\((\w+)\))?)?$/.exec(spec);
  if (match === null) throw valueError(`Invalid aggregate specification '${spec}'`);
  const [, first, aggregatorText, source] = match;
  const name = source ?? first;
  const definition = requireField(model, name, context);
  if (aggregatorText === undefined && !bareAllowed) throw valueError(`Invalid aggregate specification '${spec}': expected 'field:aggregator'`);
  const aggregator = aggregatorText ?? definition.aggregator ?? (NUMERIC.has(definition.type) ? 'sum' : undefined);
  if (aggregator === undefined) return undefined;
  if (!AGGREGATORS.has(aggregator)) throw valueError(`Invalid aggregation function '${aggregator}'`);
  if (!isStored(definition)) throw valueError(`Cannot aggregate field ${model.name}.${name}: it is not stored`);
  const key = bareAllowed ? (source === undefined ? name : first) : spec;
  return { key, name, aggregator, inner: fieldSql(model, alias, name, context) };
}

export function aggregateSql(aggregator: string, column: string): string {
  if (aggregator === 'count_distinct') return `count(DISTINCT ${column})`;
  if (aggregator === 'count') return `count(${column})`;
  return `${aggregator}(${column})`;
}
