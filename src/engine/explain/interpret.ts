/**
 * The interpretation: a reading and its query in plain words, for the asker to check — what is
 * computed or listed, grouped by what, under which conditions, in which order, how many.
 */
import type { LogicalQuery } from '../../query/logical-query.ts';
import type { PlannedReading } from '../plan/plan-reading.ts';
import { capitalise, columnLabel, entityNoun } from '../plan/labels.ts';
import type { Reading, RelatedNode } from '../readings/reading.ts';
import { columnOf, entityOf, type SchemaIndex } from '../schema/schema-model.ts';
import { conditionPhrase } from './condition-phrases.ts';

export interface Explanation {
  readonly interpretation: string;
  /**
   * The conditions an answer's sentence must state besides its periods, in words. Periods are left
   * out: renderers phrase every date filter of the query ("in 2026"), a segment's dates included.
   */
  readonly conditionPhrases: readonly string[];
}

export function explain(reading: Reading, planned: PlannedReading, schema: SchemaIndex): Explanation {
  const { query } = planned;
  const phrases = reading.conditions.map((condition) => conditionPhrase(condition, schema, query.root));
  const conditionPhrases: string[] = phrases.filter((_, index) => reading.conditions[index].kind !== 'period');
  const relatedPhrases = reading.related.map((node) => relatedPhrase(node, schema, query.root, 'attached'));
  conditionPhrases.push(...reading.related.map((node) => relatedPhrase(node, schema, query.root, 'clause')));
  // A count asked of every row of its group reads as the count by that group, every row of it listed.
  const shown = planned.grouped ?? query;
  const parts: string[] = [head(reading, { ...planned, query: shown }, schema)];
  if (planned.grouped) parts.push(`every ${entityNoun(entityOf(schema, query.root))} listed, 0 where none`);
  if (phrases.length > 0) parts.push(`where ${phrases.join(' and ')}`);
  if (relatedPhrases.length > 0) parts.push(relatedPhrases.join(' and '));
  if (reading.scope.length > 0) parts.push(`among those related to ${reading.scope.map((entity) => entityNoun(schema.entityByName.get(entity) ?? failEntity(entity), true)).join(' and ')}`);
  if (query.having.length > 0) {
    parts.push(`only where ${query.having.map((having) => `${labelOf(query, having.measureId).toLowerCase()} ${having.against ? `${havingWords(having.op, [])}the average over all of them` : havingWords(having.op, having.values)}`).join(' and ')}`);
  }
  if (query.pivot) parts.push(`one column per ${labelOf(query, query.pivot.dimension).toLowerCase()}`);
  const order = query.limitPerGroup ? perGroupWords(query, query.limitPerGroup, schema) : orderWords(shown, schema);
  if (order) parts.push(order);
  return { interpretation: parts.join(', '), conditionPhrases };
}

/**
 * A related node in words, every condition of it included (periods too, since the query's own
 * filters do not carry them): `attached` after the rows it is said of ("customers without any
 * orders where order date in 2025"), or as a `clause` that reads after "where" in an answer's
 * sentence ("where they have no orders where order date in 2025").
 */
function relatedPhrase(node: RelatedNode, schema: SchemaIndex, root: string, form: 'attached' | 'clause'): string {
  const noun = entityNoun(schema.entityByName.get(node.entity) ?? failEntity(node.entity), true);
  const conditions = node.conditions.map((condition) => conditionPhrase(condition, schema, root));
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  const clause = form === 'clause';
  if (node.sharing) {
    const shared = columnLabel(entityOf(schema, node.entity), columnOf(schema, node.entity, node.sharing.column), root).label.toLowerCase();
    return `${clause ? `their ${shared} is` : shared} ${node.exists ? '' : 'not '}shared with other ${noun}${where}`;
  }
  const selfKey = node.parentVia ?? node.childVia;
  if (selfKey !== undefined) {
    // "manager id" says "manager": the key names the row it points to.
    const key = columnLabel(entityOf(schema, node.entity), columnOf(schema, node.entity, selfKey), root).label.toLowerCase().replace(/\s+id$/, '');
    if (node.parentVia) return `${clause ? 'their' : 'whose'} ${key} is ${node.exists ? 'one' : 'none'} of the ${noun}${where}`;
    return `${clause ? 'they are ' : ''}the ${key} of the ${noun}${where}`;
  }
  const how = node.count ? countWords(node.count.op, node.count.values) : node.exists ? '' : clause ? 'no' : 'any';
  const has = clause ? 'they have' : node.exists ? 'with' : 'without';
  return [has, how, `${noun}${where}`].filter((word) => word !== '').join(' ');
}

const COUNT_WORDS: Readonly<Record<string, string>> = { gt: 'more than', gte: 'at least', lt: 'fewer than', lte: 'at most', eq: 'exactly', neq: 'other than' };

/** "more than 20", "between 10 and 20" (rows with none count as 0, so "fewer than 5" includes them). */
function countWords(op: string, values: readonly number[]): string {
  return op === 'between' ? `between ${values[0]} and ${values[1]}` : `${COUNT_WORDS[op] ?? op} ${values[0]}`;
}

function failEntity(entity: string): never {
  throw new Error(`unknown entity ${entity}`);
}

function head(reading: Reading, planned: PlannedReading, schema: SchemaIndex): string {
  const { query, definitions } = planned;
  if (query.measures.length > 0) {
    const measures = query.measures.map((measure) => {
      const definition = definitions.get(measure.id);
      return definition ? `${measure.label} (${definition})` : measure.label;
    });
    let text = measures.join(', ');
    // A key grouped next to the entity's name is not worth saying ("by customer", not "by customer id and customer").
    const named = query.dimensions.filter((dimension) => {
      const isKey = schema.entityByName.get(dimension.field.entity)?.primaryKey.includes(dimension.field.column) === true;
      return !isKey || !query.dimensions.some((other) => other !== dimension && other.field.entity === dimension.field.entity);
    });
    if (named.length > 0) text += ` by ${named.map((dimension) => dimension.label.toLowerCase()).join(' and ')}`;
    return text;
  }
  const subject = schema.entityByName.get(reading.subject);
  const noun = subject ? capitalise(entityNoun(subject, true)) : reading.subject;
  return `${noun} (${query.distinct ? 'distinct ' : ''}${query.columns.map((column) => column.label.toLowerCase()).join(', ')})`;
}

function labelOf(query: LogicalQuery, id: string): string {
  return [...query.measures, ...query.dimensions, ...query.columns].find((item) => item.id === id)?.label ?? id;
}

/** "the top 3 by revenue within each category". */
function perGroupWords(query: LogicalQuery, cut: NonNullable<LogicalQuery['limitPerGroup']>, schema: SchemaIndex): string {
  const first = cut.order[0];
  const ranked = first ? ` ${first.direction === 'desc' ? 'top' : 'bottom'} ${cut.limit} by ${labelOf(query, first.id).toLowerCase()}` : ` first ${cut.limit}`;
  const groups = query.dimensions.filter((dimension) => cut.by.includes(dimension.id));
  const named = groups.filter((dimension) => !(schema.entityByName.get(dimension.field.entity)?.primaryKey.includes(dimension.field.column) === true
    && groups.some((other) => other !== dimension && other.field.entity === dimension.field.entity)));
  return `the${ranked} within each ${named.map((dimension) => dimension.label.toLowerCase()).join(' and ')}`;
}

function havingWords(op: string, values: readonly number[]): string {
  const words: Record<string, string> = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most', eq: 'equal to', neq: 'not equal to' };
  return op === 'between' ? `between ${values[0]} and ${values[1]}` : `${words[op] ?? op} ${values[0] ?? ''}`;
}

function orderWords(query: LogicalQuery, schema: SchemaIndex): string | undefined {
  const first = query.order[0];
  if (!first) return query.limit !== undefined ? `first ${query.limit}` : undefined;
  const label = labelOf(query, first.id).toLowerCase();
  const sorted = [...query.columns, ...query.dimensions].find((item) => item.id === first.id);
  const isDate = sorted !== undefined && schema.entityByName.get(sorted.field.entity)?.columnByName.get(sorted.field.column)?.isDate === true;
  const isTime = query.dimensions.some((dimension) => dimension.id === first.id && dimension.grain);
  if (isTime && query.limit === undefined) return undefined;
  if (isDate && !isTime) {
    const direction = first.direction === 'desc' ? 'most recent' : 'oldest';
    return query.limit !== undefined ? `the ${query.limit === 1 ? '' : `${query.limit} `}${direction} by ${label}` : `${direction} first by ${label}`;
  }
  if (query.limit !== undefined) {
    return query.limit === 1 ? `the one with the ${first.direction === 'desc' ? 'highest' : 'lowest'} ${label}` : `${first.direction === 'desc' ? 'top' : 'bottom'} ${query.limit} by ${label}`;
  }
  return `sorted by ${label}${first.direction === 'desc' ? ', highest first' : ''}`;
}
