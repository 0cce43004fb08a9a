/** Conditions of a reading as filters of the logical query. */
import { field, type Filter, type FilterOperator, type ScalarExpression } from '../../query/logical-query.ts';
import type { ConditionNode } from '../readings/reading.ts';
import type { SchemaIndex } from '../schema/schema-model.ts';
import { catalogFilter } from './plan-measures.ts';
import { Unplannable } from './unplannable.ts';

const TEXT_OPERATOR: Record<'contains' | 'starts' | 'ends', FilterOperator> = { contains: 'contains', starts: 'starts_with', ends: 'ends_with' };

export function conditionFilters(conditions: readonly ConditionNode[], schema: SchemaIndex, now: Date): Filter[] {
  return conditions.flatMap((condition) => filtersOf(condition, schema, now));
}

function filtersOf(condition: ConditionNode, schema: SchemaIndex, now: Date): Filter[] {
  const filter = (column: string, op: FilterOperator, values: Filter['values']): Filter => ({ kind: 'filter', expression: field(condition.entity, column), op, values });
  switch (condition.kind) {
    case 'equals':
      if (condition.values.length === 1) return [filter(condition.column, condition.negated ? 'neq' : 'eq', condition.values)];
      return [filter(condition.column, condition.negated ? 'not_in' : 'in', condition.values)];
    case 'compare':
      if (condition.against) return [{ ...filter(condition.column, condition.op, []), against: condition.against }];
      if (condition.otherColumn !== undefined) {
        // Row by row: the difference of the two columns against 0, which every SQL kind compiles.
        const difference: ScalarExpression = { kind: 'arithmetic', op: '-', left: field(condition.entity, condition.column), right: field(condition.entity, condition.otherColumn) };
        return [{ kind: 'filter', expression: difference, op: condition.op, values: [0] }];
      }
      return [filter(condition.column, condition.op, condition.values)];
    case 'text':
      if (condition.negated) throw new Unplannable('negated text pattern');
      return [filter(condition.column, TEXT_OPERATOR[condition.mode], [condition.text])];
    case 'period': {
      const filters: Filter[] = [];
      if (condition.period.start) filters.push(filter(condition.column, 'gte', [condition.period.start]));
      if (condition.period.end) filters.push(filter(condition.column, 'lt', [condition.period.end]));
      return filters;
    }
    case 'missing':
      return [filter(condition.column, condition.negated ? 'not_null' : 'is_null', [])];
    case 'either': {
      // Each alternative is one filter: a period with two bounds or a segment would need a group of its own.
      const [first, ...rest] = condition.options.map((option) => filtersOf(option, schema, now));
      if (!first || [first, ...rest].some((filters) => filters.length !== 1)) throw new Unplannable('an alternative that is not one filter');
      return [{ ...first[0], or: rest.map((filters) => filters[0]) }];
    }
    case 'segment':
      if (!schema.entityByName.has(condition.entity)) throw new Unplannable('unknown segment entity');
      return condition.segment.conditions.map((entry) => catalogFilter(entry, condition.entity, now));
  }
}
