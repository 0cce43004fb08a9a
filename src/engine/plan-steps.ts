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
import { reachFrom } from './join-graph.ts';
import { dateColumnFor } from './plan-dates.ts';
import { describeColumn } from './plan-filters.ts';
import { PlanProblem, type PlanState } from './plan-state.ts';
import { entityNoun } from './labels.ts';
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
      const amount = entity?.primaryAmount;
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

/**
 * Rankings: "top 10 invoices by amount" and "the 3 cheapest products" sort a list of the subject
 * by its own column; "top 5 customers by revenue" ranks groups by a measure.
 */
export function resolveRanking(state: PlanState): void {
  const rank = state.intent.rank;
  if (!rank) return;
  const subject = state.subject;
  let measureIndex = rank.measureIndex;
  if (measureIndex === undefined && rank.concept === 'frequency') {
    rankByFrequency(state);
    setLimit(state, rank.limit);
    return;
  }
  if (measureIndex === undefined && rank.concept) {
    if (rank.concept === 'date' || rank.concept === 'price') {
      const ranked = rank.conceptEntity ? entityOfMention(state.schema, rank.conceptEntity) : subject;
      const column = rank.concept === 'date'
        ? dateColumnFor(state.schema, ranked?.name, undefined, state.anchors)
        : ranked?.primaryAmount ?? measureFor(state, { source: { kind: 'concept', concept: 'price' }, distinct: false }).column;
      if (column && ranked !== subject && !state.isAggregate) {
        // "customers with the 10 cheapest invoices": list the subject along the ranked rows.
        state.requiredEntities.push(column.entity);
        state.order.push({ column, direction: rank.direction });
        setLimit(state, rank.limit);
        return;
      }
      if (column && (!subject || column.entity === subject.name || !state.isAggregate)) {
        state.order.push({ column, direction: rank.direction });
        setLimit(state, rank.limit);
        return;
      }
    }
    measureIndex = addMeasure(state, measureFor(state, { source: { kind: 'concept', concept: rank.concept }, distinct: false }));
  }
  if (measureIndex === undefined) {
    if (state.measures.length !== 1) throw new PlanProblem('I could not tell what to rank by.');
    measureIndex = 0;
  }
  const measure = state.measures[measureIndex];
  const intentMeasure = state.intent.measures[measureIndex];
  const ownColumn = measure.resolved.column && subject && measure.resolved.entity === subject.name && !intentMeasure?.aggregate;
  if (ownColumn && measure.resolved.column && state.measures.length === 1 && state.intent.dimensions.length === 0) {
    // A ranking of the subject's rows by its own column is a sorted list.
    state.measures.splice(measureIndex, 1);
    state.listColumns.push(measure.resolved.column);
    state.order.push({ column: measure.resolved.column, direction: rank.direction });
    setLimit(state, rank.limit);
    return;
  }
  state.order.push({ measure: measureIndex, direction: rank.direction });
  setLimit(state, rank.limit);
}

/**
 * "the most common payment method": rows counted per value of the column; "the most popular
 * product": rows that refer to the product, counted per product (when one table refers to it).
 */
function rankByFrequency(state: PlanState): void {
  const direction = state.intent.rank?.direction ?? 'desc';
  const mention = state.intent.subject;
  if (!mention) throw new PlanProblem('I could not tell what to count.');
  if (!isEntityMention(mention)) {
    const column = chooseColumn(state.schema, mention, state.anchors, (candidate) => !candidate.isPrimaryKey)?.column;
    if (!column) throw new PlanProblem(`I could not tell what "${mention.text}" is.`);
    const entity = state.entity(column.entity);
    const measure = addMeasure(state, { aggregate: 'count', entity: entity.name, countOf: entity.name, noun: entityNoun(entity, true), definition: entity.name, assumptions: [] });
    state.dimensions.push({ column });
    state.order.push({ measure, direction });
    return;
  }
  const subject = state.subject;
  if (!subject) throw new PlanProblem(`I could not tell what "${mention.text}" is.`);
  const referring = [...new Set(subject.incoming.map((link) => link.fromEntity))].filter((name) => name !== subject.name);
  if (referring.length !== 1) throw new PlanProblem(`I could not tell which rows make a ${entityNoun(subject)} popular.`);
  const counted = state.entity(referring[0]);
  const measure = addMeasure(state, { aggregate: 'count', entity: counted.name, countOf: counted.name, noun: entityNoun(counted, true), definition: counted.name, assumptions: [] });
  for (const column of state.groupColumnsOf(subject)) state.dimensions.push({ column });
  state.order.push({ measure, direction });
  state.assume(`Popularity is the number of ${entityNoun(counted, true)} for each ${entityNoun(subject)}.`);
}

function setLimit(state: PlanState, limit: number | undefined): void {
  if (limit !== undefined) {
    state.limit = limit;
    return;
  }
  if (state.intent.subject?.plural) {
    state.limit = 10;
    state.assume('No number was given, so the top 10 are shown.');
  } else state.limit = 1;
}

/** "sorted by date", "ordered by shipping cost descending". */
export function resolveSort(state: PlanState): void {
  const sort = state.intent.sort;
  if (!sort) return;
  if (sort.measureIndex !== undefined) {
    const measure = state.measures[sort.measureIndex];
    const column = measure?.resolved.column;
    // "orders sorted by total shipping cost": one row per order, sorted by its own column.
    if (column && state.subject && column.entity === state.subject.name && state.dimensions.length === 0 && state.measures.length === 1) {
      state.measures.splice(sort.measureIndex, 1);
      state.listColumns.push(column);
      state.order.unshift({ column, direction: sort.direction });
      return;
    }
    state.order.unshift({ measure: sort.measureIndex, direction: sort.direction });
    return;
  }
  const mention = sort.mention;
  if (!mention) {
    if (state.order.length === 0) throw new PlanProblem('I could not tell what to sort by.');
    return;
  }
  const measure = state.intent.measures.findIndex((intent) => intent.source.kind === 'field' && intent.source.mention === mention);
  if (measure >= 0) {
    state.order.unshift({ measure, direction: sort.direction });
    return;
  }
  const anchors = state.subject ? [state.subject.name, ...state.anchors] : state.anchors;
  const column = conceptOfMention(mention) === 'date' && !mention.candidates.some((candidate) => candidate.kind === 'column' && candidate.score >= 0.9)
    ? dateColumnFor(state.schema, state.subject?.name ?? state.measures[0]?.resolved.entity, undefined, state.anchors)
    : chooseColumn(state.schema, mention, anchors, () => true)?.column;
  if (!column) throw new PlanProblem(`I could not tell what to sort by in "${mention.text}".`);
  if (state.isAggregate && !state.dimensions.some((dimension) => dimension.column === column && !dimension.grain)) {
    throw new PlanProblem(`I can only sort a breakdown by what it shows, not by "${mention.text}".`);
  }
  state.order.unshift({ column, direction: sort.direction });
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
  if (state.dimensions.length > 0 && state.measures.length === 0) {
    if (!state.subject) throw new PlanProblem('I could not tell what to count or total.');
    addMeasure(state, measureFor(state, { aggregate: 'count', source: { kind: 'count' }, distinct: false }));
  }
  if (state.having.length > 0 && state.measures.some((measure) => measure.resolved.countOf === state.subject?.name && state.intent.measures.some((intent) => intent.source.kind === 'count'))) {
    throw new PlanProblem(`Counting ${state.subject?.name} that meet a condition on their totals needs two steps; try listing them instead.`);
  }
  // Rows grouped by a subject's name keep its key too, so that two customers named alike stay two.
  const subjectEntity = state.subject;
  if (groupsBySubject && subjectEntity) state.groupedBySubject = true;
  if (groupsBySubject && subjectEntity && state.dimensions.some((dimension) => dimension.column.entity === subjectEntity.name && !dimension.grain)) {
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

/** "What is Astrid Gruber's email?": the one entity that the asked columns and values share. */
function inferSubject(state: PlanState): EntityInfo | undefined {
  const mentions = [...state.intent.columns, ...state.intent.valueFilters.flatMap((filter) => filter.mentions)];
  if (mentions.length === 0) return undefined;
  let shared: Set<string> | undefined;
  for (const mention of mentions) {
    const entities = new Set(mention.candidates.filter((candidate) => candidate.kind === 'column' || candidate.kind === 'value').flatMap((candidate) => (candidate.kind === 'column' || candidate.kind === 'value' ? [candidate.entity] : [])));
    shared = shared ? new Set([...shared].filter((entity) => entities.has(entity))) : entities;
  }
  if (!shared || shared.size !== 1) return undefined;
  const entity = state.schema.entityByName.get([...shared][0]);
  state.addAnchor(entity?.name);
  return entity;
}

/** Columns of a list: the subject's names (or key, date and amount), then those asked for. */
export function resolveListColumns(state: PlanState): void {
  const { intent } = state;
  if (intent.subject && !isEntityMention(intent.subject)) {
    const column = chooseColumn(state.schema, intent.subject, state.anchors, () => true)?.column;
    if (!column) throw new PlanProblem(`I could not tell what to list for "${intent.subject.text}".`);
    state.listColumns.unshift(column);
    state.distinct = true;
    if (state.order.length === 0) state.order.push({ column, direction: 'asc' });
    return;
  }
  const subject = state.subject ?? inferSubject(state);
  if (!subject) throw new PlanProblem('I could not tell what to list.');
  state.subject = subject;
  const asked: ColumnInfo[] = [];
  const extra: ColumnInfo[] = [];
  for (const mention of [...intent.columns, ...intent.extraColumns]) {
    const into = intent.columns.includes(mention) ? asked : extra;
    const ownerMention = intent.owners.get(mention);
    const owner = ownerMention ? entityOfMention(state.schema, ownerMention) ?? subject : subject;
    const names = namesOf(state, mention, owner);
    if (names) {
      into.push(...names);
      continue;
    }
    if (isEntityMention(mention)) {
      const entity = entityOfMention(state.schema, mention);
      if (entity) into.push(...state.displayOf(entity));
      continue;
    }
    // "the highest rental rate … and what is the rate?": a word for a column already in the answer means that column.
    const already = [...state.listColumns, ...state.order.flatMap((entry) => (entry.column ? [entry.column] : []))]
      .find((column) => mention.candidates.some((candidate) => candidate.kind === 'column' && candidate.entity === column.entity && candidate.column === column.name));
    if (already) {
      into.push(already);
      continue;
    }
    const own = chooseColumn(state.schema, mention, [owner.name], (candidate) => candidate.entity === owner.name);
    const choice = own ?? chooseColumn(state.schema, mention, [owner.name, subject.name, ...state.anchors], () => true);
    const column = choice?.column;
    if (!column) throw new PlanProblem(`I could not tell which column "${mention.text}" is.`);
    // "the names of banks" must be a column of banks, not a name column of something else.
    if (!own && into === asked && (mention.candidates.find((candidate) => candidate.kind === 'column' && candidate.entity === column.entity && candidate.column === column.name)?.score ?? 0) < 0.9) {
      throw new PlanProblem(`I could not find "${mention.text}" among the columns of ${subject.name}.`);
    }
    into.push(column);
  }
  // "the countries of our customers": only the columns asked for, each value once unless they name rows.
  const onlyAsked = asked.length > 0;
  const namesRows = (column: ColumnInfo): boolean => column.isKey || state.entity(column.entity).displayColumns.includes(column);
  if (onlyAsked && extra.length === 0 && !intent.allColumns && asked.every((column) => !namesRows(column))) state.distinct = true;
  const everything = intent.allColumns ? [...subject.columns] : [];
  // "Which film has the highest rate? And what is the rate?": the film is named along with what was asked.
  const named = intent.rank && intent.listWords && !asked.some(namesRows) ? state.displayOf(subject) : [];
  const own: ColumnInfo[] = intent.allColumns ? [...everything, ...extra] : onlyAsked ? [...named, ...asked, ...extra] : [
    ...(subject.displayColumns.length > 0 ? subject.displayColumns : [
      ...state.displayOf(subject),
      ...(subject.mainDate ? [subject.mainDate] : []),
      ...(subject.primaryAmount ? [subject.primaryAmount] : []),
    ]),
    ...asked,
    ...extra,
  ];
  for (const order of state.order) if (order.column) own.push(order.column);
  own.push(...state.compared.filter((column) => column.entity === subject.name));
  const seen = new Set<string>();
  state.listColumns.splice(0, state.listColumns.length, ...[...own, ...state.listColumns].filter((column) => {
    const key = `${column.entity}.${column.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }));
  if (intent.distinct) state.distinct = true;
  if (intent.limit !== undefined && state.limit === undefined) {
    // "the first 5 customers": the earliest, when rows have a date that places them in time.
    state.limit = intent.limit;
    if (state.order.length === 0 && subject.mainDate) state.order.push({ column: subject.mainDate, direction: 'asc' });
  }
}
