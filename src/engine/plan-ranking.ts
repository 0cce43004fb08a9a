/** The planner's ranking steps: "top 5 … by …", "the 3 cheapest …", "the most common …", "sorted by …". */
import { dateColumnFor } from './plan-dates.ts';
import { PlanProblem, type PlanState } from './plan-state.ts';
import { addMeasure, addMentionDimension, measureFor } from './plan-steps.ts';
import { entityNoun } from './labels.ts';
import { conceptOfMention, isEntityMention } from './mention-kinds.ts';
import { entityOfMention } from './measures.ts';
import { chooseColumn } from './resolve.ts';

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
        ? dateColumnFor(state.schema, ranked?.name, rank.column, state.anchors)
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
    // The most common churn reason is a reason: rows without one do not count.
    state.filters.push({ kind: 'filter', expression: { kind: 'field', entity: column.entity, column: column.name }, op: 'not_null', values: [] });
    return;
  }
  const subject = state.subject;
  if (!subject) throw new PlanProblem(`I could not tell what "${mention.text}" is.`);
  // "the most popular full name of the actors": the value most rows share, not the row most referred to.
  const attribute = state.intent.columns.find((column) => {
    const owner = state.intent.owners.get(column);
    return owner !== undefined && entityOfMention(state.schema, owner)?.name === subject.name;
  });
  if (attribute) {
    const measure = addMeasure(state, { aggregate: 'count', entity: subject.name, countOf: subject.name, noun: entityNoun(subject, true), definition: subject.name, assumptions: [] });
    addMentionDimension(state, attribute, subject.name, true);
    state.order.push({ measure, direction });
    state.assume(`Popularity is the number of ${entityNoun(subject, true)} with each ${attribute.text}.`);
    return;
  }
  const referring = [...new Set(subject.incoming.map((link) => link.fromEntity))].filter((name) => name !== subject.name);
  if (referring.length !== 1) throw new PlanProblem(`I could not tell which rows make a ${entityNoun(subject)} popular.`);
  const counted = state.entity(referring[0]);
  const measure = addMeasure(state, { aggregate: 'count', entity: counted.name, countOf: counted.name, noun: entityNoun(counted, true), definition: counted.name, assumptions: [] });
  for (const column of state.groupColumnsOf(subject)) state.dimensions.push({ column });
  state.order.push({ measure, direction });
  state.assume(`Popularity is the number of ${entityNoun(counted, true)} for each ${entityNoun(subject)}.`);
}

export function setLimit(state: PlanState, limit: number | undefined): void {
  if (limit !== undefined) {
    state.limit = limit;
    return;
  }
  // "the top customers" asks for a short list; "the states with the most invoices" for the one leader.
  if (state.intent.subject?.plural && state.intent.rank?.several) {
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

