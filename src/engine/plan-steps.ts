/**
 * The planner's steps from an Intent to decided parts: subject, measures, comparisons, ranking,
 * breakdowns and list columns. Filters and periods are in plan-filters.ts; the query is assembled
 * in plan.ts.
 */
import type { Filter, FilterOperator } from '../query/logical-query.ts';
import type { CompareOp } from './cues.ts';
import type { MeasureIntent } from './intent.ts';
import type { Mention } from './link.ts';
import { conceptOfMention, isEntityMention } from './mention-kinds.ts';
import { entityOfMention, resolveMeasure, type ResolvedMeasure } from './measures.ts';
import { lineTables } from './money.ts';
import { reachFrom } from './join-graph.ts';
import { dateColumnFor } from './plan-dates.ts';
import { describeColumn } from './plan-filters.ts';
import { PlanProblem, type PlanState } from './plan-state.ts';
import { chooseColumn } from './resolve.ts';
import type { ColumnInfo, EntityInfo } from './schema-model.ts';

export function resolveSubject(state: PlanState): void {
  const { intent, schema } = state;
  if (intent.subject) {
    if (isEntityMention(intent.subject)) state.subject = entityOfMention(schema, intent.subject);
    state.addAnchor(state.subject?.name);
  }
  for (const measure of intent.measures) if (measure.scope) state.addAnchor(entityOfMention(schema, measure.scope)?.name);
  for (const mention of intent.context) state.addAnchor(entityOfMention(schema, mention)?.name);
  state.namedEntities.push(...state.anchors);
  // A value that only one entity holds tells what the question is about ("paid by direct debit" → payments).
  for (const filter of intent.valueFilters) {
    const owners = new Set(filter.mentions[0].candidates.flatMap((candidate) => (candidate.kind === 'value' ? [candidate.entity] : [])));
    const alsoAnEntity = filter.mentions[0].candidates.some((candidate) => candidate.kind === 'entity');
    if (owners.size === 1 && !alsoAnEntity) state.addAnchor([...owners][0]);
  }
  if (intent.salesFact) {
    const lines = lineTables(schema, state.anchors);
    if (lines.length !== 1) throw new PlanProblem('I could not tell which rows record the sales.');
    state.factEntity = lines[0].entity;
    state.requiredEntities.push(lines[0].entity);
    state.addAnchor(lines[0].entity);
  }
  // Entities broken down by also tell which of two same-named columns is meant ("unit price per category").
  for (const dimension of intent.dimensions) {
    if (dimension.kind === 'mention' && isEntityMention(dimension.mention)) state.addAnchor(entityOfMention(schema, dimension.mention)?.name);
  }
}

export function measureFor(state: PlanState, intent: MeasureIntent): ResolvedMeasure {
  return resolveMeasure({ schema: state.schema, anchors: state.anchors, ...(state.subject ? { subject: state.subject } : {}) }, intent);
}

export function addMeasure(state: PlanState, resolved: ResolvedMeasure): number {
  state.measures.push({ resolved, id: '', label: '' });
  return state.measures.length - 1;
}

export function resolveMeasures(state: PlanState): void {
  for (const intent of state.intent.measures) addMeasure(state, measureFor(state, intent));
  for (const measure of state.measures) state.addAnchor(measure.resolved.entity);
}

const NEGATED: Record<CompareOp, CompareOp> = { gt: 'lte', gte: 'lt', lt: 'gte', lte: 'gt', eq: 'neq', neq: 'eq', between: 'between' };

/** "customers with more than 5 orders" → having; "products with price over 100" → a row filter. */
export function resolveComparisons(state: PlanState): void {
  for (const comparison of state.intent.comparisons) {
    const op = comparison.negated ? NEGATED[comparison.op] : comparison.op;
    if (comparison.negated && comparison.op === 'between') throw new PlanProblem('I cannot yet exclude a range of numbers.');
    const target = comparison.target;
    if (target.kind === 'count') {
      const measure = addMeasure(state, measureFor(state, { aggregate: 'count', source: { kind: 'count', mention: target.mention }, distinct: false }));
      state.having.push({ measure, op, values: comparison.values });
      continue;
    }
    if (target.kind === 'measure') {
      if (state.measures.length === 0) throw new PlanProblem(`I could not tell what should be compared with ${comparison.values.join(' and ')}.`);
      state.having.push({ measure: target.measureIndex, op, values: comparison.values });
      continue;
    }
    if (target.kind === 'amount') {
      const entity = entityOfMention(state.schema, target.mention);
      // "plans under 100": a plan's price is its amount; an order's shipping cost is not.
      const money = entity?.columns.filter((column) => column.isPrice) ?? [];
      const amount = entity?.primaryAmount ?? (money.length === 1 ? money[0] : undefined);
      if (!entity || !amount) throw new PlanProblem(`I could not tell which amount of ${target.mention.text} to compare with ${comparison.values.join(' and ')}.`);
      state.filters.push(rowFilter(amount, op, comparison.values));
      state.filterPhrases.push(`${describeColumn(state, amount)} ${opWords(op, comparison.values)}`);
      state.compared.push(amount);
      continue;
    }
    const existing = state.intent.measures.findIndex((measure) => measure.source.kind === 'field' && measure.source.mention === target.mention);
    if (existing >= 0) {
      state.having.push({ measure: existing, op, values: comparison.values });
      continue;
    }
    const resolved = measureFor(state, { source: { kind: 'field', mention: target.mention }, distinct: false });
    const base = state.subject?.name ?? state.measures[0]?.resolved.entity;
    const column = resolved.column;
    // A column of the base row or of a row it belongs to filters rows; so does a column of a row
    // the question names ("customers who have a loan with amount over 3000"). A money word about
    // finer rows ("customers with revenue over 1000") is totalled per subject and filtered after grouping.
    const named = column !== undefined && !conceptOfMention(target.mention) && state.namedEntities.includes(column.entity);
    if (column && (!base || !state.subject || named || reachFrom(state.schema, base).paths.has(column.entity))) {
      state.filters.push(rowFilter(column, op, comparison.values));
      state.filterPhrases.push(`${describeColumn(state, column)} ${opWords(op, comparison.values)}`);
      state.compared.push(column);
      state.requiredEntities.push(column.entity);
      continue;
    }
    // "jobs with salaries over 9000" is not a total of salaries per job: only money and quantity words total up.
    const concept = conceptOfMention(target.mention);
    if (concept !== 'money' && concept !== 'quantity') throw new PlanProblem(`I could not tell whether "${target.mention.text}" over ${comparison.values.join(' and ')} means each one or their total.`);
    const measure = addMeasure(state, resolved);
    state.having.push({ measure, op, values: comparison.values });
  }
}

export function rowFilter(column: ColumnInfo, op: CompareOp, values: readonly number[]): Filter {
  return { kind: 'filter', expression: { kind: 'field', entity: column.entity, column: column.name }, op: op as FilterOperator, values };
}

export function opWords(op: CompareOp, values: readonly number[]): string {
  const words: Record<CompareOp, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', neq: '≠', between: 'between' };
  return op === 'between' ? `between ${values[0]} and ${values[1]}` : `${words[op]} ${values[0]}`;
}

/** "by country", "by customer", "per month". */
export function resolveDimensions(state: PlanState): void {
  const base = state.measures[0]?.resolved.entity ?? state.subject?.name;
  for (const dimension of state.intent.dimensions) {
    if (dimension.kind === 'grain') {
      const column = dateColumnFor(state.schema, base, dimension.dateHint, state.anchors);
      if (!column) throw new PlanProblem(`I could not find a date to group by ${dimension.grain}.`);
      state.dimensions.push({ column, grain: dimension.grain });
      continue;
    }
    addMentionDimension(state, dimension.mention, base);
  }
}

/** "name", "full name" of an entity whose rows are named by several columns (first and last name). */
export function namesOf(state: PlanState, mention: Mention, entity: EntityInfo | undefined): ColumnInfo[] | undefined {
  if (!entity || !/^(full )?names?$/i.test(mention.text.trim()) || entity.displayColumns.length === 0) return undefined;
  const exact = mention.candidates.some((candidate) => candidate.kind === 'column' && candidate.entity === entity.name && candidate.score >= 0.9);
  return exact ? undefined : [...entity.displayColumns];
}

export function addMentionDimension(state: PlanState, mention: Mention, base: string | undefined, asked = false): void {
  const ownerMention = state.intent.owners.get(mention);
  const owner = ownerMention ? entityOfMention(state.schema, ownerMention) : undefined;
  const anchors = owner ? [owner.name, ...(base ? [base] : []), ...state.anchors] : base ? [base, ...state.anchors] : state.anchors;
  const names = namesOf(state, mention, owner ?? state.subject);
  if (names) {
    for (const column of names) if (!state.dimensions.some((dimension) => dimension.column === column)) state.dimensions.push({ column });
    return;
  }
  if (isEntityMention(mention)) {
    const entity = entityOfMention(state.schema, mention);
    if (!entity) throw new PlanProblem(`I could not tell what "${mention.text}" refers to.`);
    for (const column of state.groupColumnsOf(entity)) state.dimensions.push({ column });
    return;
  }
  if (conceptOfMention(mention) === 'date' && !mention.candidates.some((candidate) => candidate.kind === 'column' && candidate.score >= 0.9)) {
    const column = dateColumnFor(state.schema, base, undefined, state.anchors);
    if (!column) throw new PlanProblem('I could not find a date to group by.');
    state.dimensions.push({ column, grain: 'day' });
    return;
  }
  const column = chooseColumn(state.schema, mention, anchors, (candidate) => asked || !candidate.isPrimaryKey)?.column;
  if (!column) throw new PlanProblem(`I could not group by "${mention.text}".`);
  if (state.dimensions.some((dimension) => dimension.column === column && !dimension.grain)) return;
  state.dimensions.push(column.isDate && !asked ? { column, grain: 'day' } : { column });
}

/**
 * Aggregates need a measure (a count of the subject by default); rankings and having filters
 * group by the subject.
 */
export function completeAggregate(state: PlanState): void {
  const groupsBySubject = state.having.length > 0 || (state.intent.rank !== undefined && state.measures.length > 0);
  const comparesPeriods = state.intent.versus && state.intent.periods.length > 1;
  if ((state.dimensions.length > 0 || comparesPeriods) && state.measures.length === 0) {
    if (!state.subject) throw new PlanProblem('I could not tell what to count or total.');
    addMeasure(state, measureFor(state, { aggregate: 'count', source: { kind: 'count' }, distinct: false }));
  }
  if (state.having.length > 0 && state.measures.some((measure) => measure.resolved.countOf === state.subject?.name && state.intent.measures.some((intent) => intent.source.kind === 'count'))) {
    throw new PlanProblem(`Counting ${state.subject?.name} that meet a condition on their totals needs two steps; try listing them instead.`);
  }
  // Rows grouped by a subject's name keep its key too, so that two customers named alike stay two.
  const subjectEntity = state.subject;
  if (groupsBySubject && subjectEntity) state.groupedBySubject = true;
  if (groupsBySubject && subjectEntity && state.dimensions.some((dimension) => dimension.column.entity === subjectEntity.name && !dimension.grain && subjectEntity.displayColumns.includes(dimension.column))) {
    const key = subjectEntity.primaryKey.length === 1 ? subjectEntity.columnByName.get(subjectEntity.primaryKey[0]) : undefined;
    if (key && !state.dimensions.some((dimension) => dimension.column === key)) state.dimensions.unshift({ column: key });
  }
  if (!groupsBySubject || state.dimensions.length > 0) return;
  if (state.intent.subject && !isEntityMention(state.intent.subject)) {
    addMentionDimension(state, state.intent.subject, state.measures[0]?.resolved.entity);
    return;
  }
  const subject = state.subject;
  if (!subject) throw new PlanProblem('I could not tell what to rank or group.');
  if (state.measures.every((measure) => measure.resolved.countOf === subject.name)) throw new PlanProblem(`I could not tell what to rank ${subject.name} by.`);
  for (const column of state.groupColumnsOf(subject)) state.dimensions.push({ column });
}

