/** The interpretation: the planned query in plain words, for the asker to check. */
import type { LogicalQuery } from '../query/logical-query.ts';
import type { Plan } from './plan.ts';
import type { SchemaIndex } from './schema-model.ts';
import { entityNoun } from './labels.ts';
import { capitalise } from './words.ts';

export function interpret(plan: Plan, schema: SchemaIndex): string {
  const { query } = plan;
  const parts: string[] = [];
  if (query.measures.length > 0) {
    const measures = query.measures.map((measure) => {
      const definition = plan.definitions.get(measure.id);
      return definition ? `${measure.label} (${definition})` : measure.label;
    });
    let head = measures.join(', ');
    // A key grouped next to the entity's name is not worth saying ("by customer", not "by customer id and customer").
    const named = query.dimensions.filter((dimension) => {
      const entity = schema.entityByName.get(dimension.field.entity);
      const isKey = entity?.primaryKey.includes(dimension.field.column) === true;
      return !isKey || !query.dimensions.some((other) => other !== dimension && other.field.entity === dimension.field.entity);
    });
    if (named.length > 0) head += ` by ${named.map((dimension) => dimension.label.toLowerCase()).join(' and ')}`;
    parts.push(head);
  } else {
    const root = schema.entityByName.get(plan.subject ?? query.root);
    const noun = root ? capitalise(entityNoun(root, true)) : query.root;
    const labels = query.columns.map((column) => column.label.toLowerCase()).join(', ');
    parts.push(`${noun} (${query.distinct ? 'distinct ' : ''}${labels})`);
  }
  if (plan.filterPhrases.length > 0) parts.push(`where ${plan.filterPhrases.join(' and ')}`);
  if (plan.periodPhrases.length > 0) parts.push(plan.periodPhrases.join(', '));
  if (query.having.length > 0) {
    parts.push(`only where ${query.having.map((having) => `${labelOf(query, having.measureId).toLowerCase()} ${havingWords(having.op, having.values)}`).join(' and ')}`);
  }
  const order = orderWords(query, schema);
  if (order) parts.push(order);
  return parts.join(', ');
}

function labelOf(query: LogicalQuery, id: string): string {
  return [...query.measures, ...query.dimensions, ...query.columns].find((item) => item.id === id)?.label ?? id;
}

function havingWords(op: string, values: readonly number[]): string {
  const words: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', neq: '≠' };
  return op === 'between' ? `between ${values[0]} and ${values[1]}` : `${words[op] ?? op} ${values[0]}`;
}

function orderWords(query: LogicalQuery, schema: SchemaIndex): string | undefined {
  const first = query.order[0];
  if (!first) return query.limit !== undefined ? `first ${query.limit}` : undefined;
  const label = labelOf(query, first.id).toLowerCase();
  const sorted = [...query.columns, ...query.dimensions].find((item) => item.id === first.id);
  const isDate = sorted !== undefined && schema.entityByName.get(sorted.field.entity)?.columnByName.get(sorted.field.column)?.isDate === true;
  if (isDate && !query.dimensions.some((dimension) => dimension.id === first.id && dimension.grain)) {
    const direction = first.direction === 'desc' ? 'most recent' : 'oldest';
    return query.limit !== undefined ? `the ${query.limit === 1 ? '' : `${query.limit} `}${direction} by ${label}` : `${direction} first by ${label}`;
  }
  const isTime = query.dimensions.some((dimension) => dimension.id === first.id && dimension.grain);
  if (isTime && query.limit === undefined) return undefined;
  if (query.limit !== undefined) {
    const which = first.direction === 'desc' ? 'top' : 'bottom';
    return query.limit === 1 ? `the ${first.direction === 'desc' ? 'highest' : 'lowest'} ${label}` : `${which} ${query.limit} by ${label}`;
  }
  return `sorted by ${label}${first.direction === 'desc' ? ', highest first' : ''}`;
}
