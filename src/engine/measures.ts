/**
 * Turns a measure intent into a concrete measure: which column or expression is aggregated, how,
 * over which entity's rows, with a label, an id and a definition for the interpretation.
 */
import { field, type Aggregate, type ScalarExpression } from '../query/logical-query.ts';
import type { MeasureIntent } from './intent.ts';
import { columnLabel, columnWords, entityNoun } from './labels.ts';
import type { Mention } from './link.ts';
import { conceptOfMention } from './mention-kinds.ts';
import { readMoney } from './money.ts';
import { Ambiguity, chooseColumn, distanceFrom, pickOne } from './resolve.ts';
import type { ColumnInfo, EntityInfo, SchemaIndex } from './schema-model.ts';
import type { Concept } from './thesaurus.ts';
import { capitalise, snakeId } from './words.ts';

export interface ResolvedMeasure {
  readonly aggregate: Aggregate;
  /** The entity whose rows are aggregated: the query's root must be this entity for sums and averages. */
  readonly entity: string;
  /** For counts of rows: the entity counted (the planner turns it into a distinct count when needed). */
  readonly countOf?: string;
  readonly expression?: ScalarExpression;
  /** The single column aggregated, when there is one. */
  readonly column?: ColumnInfo;
  /** "revenue", "unit price", "orders": the noun for labels. */
  readonly noun: string;
  readonly definition: string;
  readonly unit?: string;
  readonly assumptions: readonly string[];
}

export interface MeasureContext {
  readonly schema: SchemaIndex;
  /** Entities the question is about, nearest first. */
  readonly anchors: readonly string[];
  readonly subject?: EntityInfo;
}

export class MeasureProblem extends Error {}

export function resolveMeasure(context: MeasureContext, intent: MeasureIntent): ResolvedMeasure {
  const { schema } = context;
  const source = intent.source;
  if (source.kind === 'count') {
    const entity = source.mention ? entityOfMention(schema, source.mention) : context.subject;
    if (!entity) throw new MeasureProblem('I could not tell what to count.');
    const stored = source.mention ? storedCount(schema, source.mention, entity) : undefined;
    if (stored) {
      // "how many customers" next to bank.no_of_customers: counting rows or adding up the stored counts.
      throw new Ambiguity(`"${source.mention?.text}" could mean counting ${entity.name} or adding up ${stored.entity}.${stored.name}.`, [entity.name, `${stored.entity}.${stored.name}`]);
    }
    return { aggregate: 'count', entity: entity.name, countOf: entity.name, noun: entityNoun(entity, true), definition: entity.name, assumptions: [] };
  }
  const mention = source.kind === 'field' ? source.mention : undefined;
  const concept = source.kind === 'concept' ? source.concept : mention ? conceptOfMention(mention) : undefined;
  const scope = intent.scope ? entityOfMention(schema, intent.scope) : undefined;
  const anchors = scope ? [scope.name, ...context.anchors] : context.anchors;
  if (intent.aggregate === 'count' && mention) {
    const column = chooseColumn(schema, mention, anchors, (candidate) => !candidate.isPrimaryKey)?.column;
    if (!column) throw new MeasureProblem(`I could not tell what "${mention.text}" counts.`);
    return {
      aggregate: 'count_distinct', entity: column.entity, expression: field(column.entity, column.name), column,
      noun: columnWords(column).join(' '), definition: `${column.entity}.${column.name}`, assumptions: [],
    };
  }
  if (mention && scope?.primaryAmount && mention.candidates[0]?.kind === 'entity') return columnMeasure(scope.primaryAmount, intent);
  const numeric = mention ? exactNumericColumn(schema, mention, anchors) : undefined;
  if (numeric) return columnMeasure(numeric, intent);
  if (concept === 'money') {
    const named = mention ? namedMoneyColumns(schema, mention) : [];
    const reading = readMoney(schema, anchors, named, scope);
    if (!reading) throw new MeasureProblem('I could not find an amount of money in this data.');
    if (reading.column) return { ...columnMeasure(reading.column, intent), noun: moneyNoun(mention) };
    if (intent.aggregate === 'avg' || intent.aggregate === 'min' || intent.aggregate === 'max') {
      // Line values are summed per order, customer or month before they can be averaged: one query cannot do both.
      throw new MeasureProblem(`An ${intent.aggregate === 'avg' ? 'average' : 'extreme'} of ${reading.definition} per order or per customer needs totals first; try a total broken down by order or by customer instead.`);
    }
    const aggregate = 'sum';
    return {
      aggregate, entity: reading.entity, expression: reading.expression, noun: moneyNoun(mention), definition: reading.definition,
      ...(reading.unit ? { unit: reading.unit } : {}), assumptions: reading.assumption ? [reading.assumption] : [],
    };
  }
  if (concept === 'quantity' || concept === 'price' || concept === 'date') {
    const column = conceptColumn(schema, concept, anchors, mention);
    if (!column) throw new MeasureProblem(`I could not find a ${concept === 'date' ? 'date' : concept} column for this question.`);
    return columnMeasure(column, intent);
  }
  if (mention) {
    const column = chooseColumn(schema, mention, anchors, (candidate) => candidate.isNumeric)?.column;
    if (column) return columnMeasure(column, intent);
  }
  throw new MeasureProblem(`I could not find a number to ${describe(intent.aggregate)} for "${mention?.text ?? 'this question'}".`);
}

const MONEY_NOUNS: Record<string, string> = {
  revenue: 'revenue', sale: 'sales', turnover: 'turnover', income: 'income', earning: 'earnings', spend: 'spend', spending: 'spend', takings: 'takings', proceeds: 'proceeds',
};

/** The money word of the question as a label noun: "sales", "revenue", "spend". */
function moneyNoun(mention: Mention | undefined): string {
  const word = mention?.text.toLowerCase().split(/\s+/).at(-1) ?? '';
  return MONEY_NOUNS[word] ?? MONEY_NOUNS[word.replace(/s$/, '')] ?? 'revenue';
}

function describe(aggregate: MeasureIntent['aggregate']): string {
  return aggregate === 'avg' ? 'average' : aggregate === 'max' || aggregate === 'min' ? 'compare' : 'total';
}

export function entityOfMention(schema: SchemaIndex, mention: Mention): EntityInfo | undefined {
  const top = mention.candidates.find((candidate) => candidate.kind === 'entity');
  if (!top || top.kind !== 'entity') return undefined;
  const rivals = mention.candidates.filter((candidate) => candidate.kind === 'entity' && candidate.score >= top.score - 0.001 && candidate.entity !== top.entity);
  if (rivals.length > 0) {
    throw new Ambiguity(`"${mention.text}" could mean ${[top, ...rivals].map((candidate) => (candidate.kind === 'entity' ? candidate.entity : '')).join(' or ')}.`, []);
  }
  return schema.entityByName.get(top.entity);
}

/** A numeric column the mention names outright (exact or by lemma), not through a concept. */
const COUNT_WORDS: ReadonlySet<string> = new Set(['number', 'no', 'num']);

/** no_of_customers, num_orders, customer_count — but not order_number, which identifies a row. */
function namesACount(words: readonly string[]): boolean {
  return (words.length > 1 && COUNT_WORDS.has(words[0])) || words.at(-1) === 'count';
}

/** A numeric column of another entity that stores a count of what the mention names ("no_of_customers"). */
function storedCount(schema: SchemaIndex, mention: Mention, counted: EntityInfo): ColumnInfo | undefined {
  for (const candidate of mention.candidates) {
    if (candidate.kind !== 'column' || candidate.entity === counted.name) continue;
    const column = schema.entityByName.get(candidate.entity)?.columnByName.get(candidate.column);
    if (column?.isNumeric && !column.isPrimaryKey && !column.isForeignKey && namesACount(column.words)) return column;
  }
  return undefined;
}

function exactNumericColumn(schema: SchemaIndex, mention: Mention, anchors: readonly string[]): ColumnInfo | undefined {
  const strong = { ...mention, candidates: mention.candidates.filter((candidate) => candidate.kind === 'column' && candidate.score >= 0.9) };
  return chooseColumn(schema, strong, anchors, (column) => column.isNumeric || column.isDate)?.column;
}

function namedMoneyColumns(schema: SchemaIndex, mention: Mention): ColumnInfo[] {
  const found: ColumnInfo[] = [];
  for (const candidate of mention.candidates) {
    if (candidate.kind !== 'column' || candidate.score < 0.8) continue;
    const column = schema.entityByName.get(candidate.entity)?.columnByName.get(candidate.column);
    if (column?.isMoney) found.push(column);
  }
  return found;
}

/** A quantity, price or date column: one the mention names, else the closest of that kind. */
function conceptColumn(schema: SchemaIndex, concept: Concept, anchors: readonly string[], mention?: Mention): ColumnInfo | undefined {
  const accept = (column: ColumnInfo): boolean => (concept === 'quantity' ? column.isQuantity : concept === 'price' ? column.isPrice || column.isMoney : column.isDate);
  const named = mention ? chooseColumn(schema, mention, anchors, accept)?.column : undefined;
  if (named) return named;
  if (concept === 'date') {
    for (const anchor of anchors) {
      const date = schema.entityByName.get(anchor)?.mainDate;
      if (date) return date;
    }
    return undefined;
  }
  const scored = [];
  for (const entity of schema.entities) {
    for (const column of entity.columns) {
      if (!(concept === 'quantity' ? column.isQuantity : column.isPrice)) continue;
      const distance = distanceFrom(schema, anchors, entity.name);
      if (Number.isFinite(distance)) scored.push({ column, score: 1 - 0.15 * distance });
    }
  }
  return pickOne(scored, `The ${concept}`)?.column;
}

/** A measure over one column; the aggregate defaults to a sum for amounts and an average otherwise. */
export function columnMeasure(column: ColumnInfo, intent: MeasureIntent): ResolvedMeasure {
  const additive = column.isAmount || column.isQuantity || (column.isMoney && !column.isPrice);
  const aggregate: Aggregate = intent.aggregate === 'count' ? 'count' : intent.aggregate ?? (column.isDate ? 'max' : additive ? 'sum' : 'avg');
  const assumptions = intent.aggregate === undefined && aggregate === 'avg' ? [`${capitalise(columnWords(column).join(' '))} is averaged, since adding it up would not be meaningful.`] : [];
  return {
    aggregate, entity: column.entity, expression: field(column.entity, column.name), column,
    noun: columnWords(column).join(' '), definition: `${column.entity}.${column.name}`,
    ...(column.unit ? { unit: column.unit } : {}), assumptions,
  };
}

const AGGREGATE_WORDS: Record<Aggregate, string> = {
  count: 'number of', count_distinct: 'number of', sum: 'total', avg: 'average', min: 'lowest', max: 'highest', ratio: 'share of',
};

/** Label and id: "Total revenue" / total_revenue, "Number of orders" / order_count. */
export function measureName(measure: ResolvedMeasure, entity: EntityInfo | undefined, root: string): { label: string; id: string } {
  if (measure.aggregate === 'count' || measure.aggregate === 'count_distinct') {
    const singular = measure.countOf && entity ? entity.words : measure.column ? columnWords(measure.column) : [measure.noun];
    const noun = measure.countOf && entity ? entityNoun(entity, true) : measure.noun;
    return { label: capitalise(`number of ${measure.countOf ? noun : pluralNoun(noun)}`), id: snakeId([...singular, 'count']) };
  }
  let noun = measure.noun;
  if (measure.column && entity && entity.name !== root) {
    const { label } = columnLabel(entity, measure.column, root);
    noun = label.toLowerCase();
  } else if (measure.column && entity && isGeneric(noun)) {
    noun = `${entityNoun(entity)} ${noun}`;
  }
  const word = AGGREGATE_WORDS[measure.aggregate];
  if (noun.split(' ').at(-1) === word) noun = `${noun.split(' ').slice(0, -1).join(' ')} amount`.trim(); // not "total invoice total"
  const idWord = measure.aggregate === 'avg' ? 'average' : measure.aggregate === 'sum' ? 'total' : measure.aggregate;
  return { label: capitalise(`${word} ${noun}`), id: snakeId([idWord, ...noun.split(' ')]) };
}

function pluralNoun(noun: string): string {
  return noun.endsWith('s') ? noun : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** Columns named with a bare generic word (amount, total, value) read better with their entity. */
function isGeneric(noun: string): boolean {
  return ['amount', 'total', 'value', 'balance'].includes(noun);
}
