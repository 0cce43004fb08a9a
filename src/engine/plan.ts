/**
 * The planner: resolves an Intent against the schema and assembles the logical query — root
 * entity, many-to-one joins, measures, dimensions, filters, having, order and limit. Sums and
 * averages are taken over the rows of the measure's own entity (the root), so joins never repeat
 * them; counts of an entity reached from a finer root become distinct counts of its key.
 */
import { field, type Dimension, type Filter, type LogicalQuery, type Measure, type OrderBy, type ScalarExpression, type SelectedColumn } from '../query/logical-query.ts';
import type { Intent } from './intent.ts';
import { chooseRoot, joinsFor, reachFrom, type RootChoice } from './join-graph.ts';
import { columnLabel, entityNoun, uniqueIds } from './labels.ts';
import { measureName } from './measures.ts';
import { resolveDateSet, resolveMissing, resolvePeriods, resolvePredicates, resolveQuoted, resolveValueFilters } from './plan-filters.ts';
import { PlanProblem, PlanState } from './plan-state.ts';
import { addMentionDimension, completeAggregate, resolveComparisons, resolveDimensions, resolveMeasures, resolveSubject } from './plan-steps.ts';
import { resolveRanking, resolveSort } from './plan-ranking.ts';
import { resolveListColumns } from './plan-lists.ts';
import { joinedGroupFilters, refuseCountsPerRow } from './plan-groups.ts';
import type { ColumnInfo, SchemaIndex } from './schema-model.ts';

export interface Plan {
  readonly query: LogicalQuery;
  readonly assumptions: readonly string[];
  /** Measure id → how it is computed ("sum of invoices.amount"). */
  readonly definitions: ReadonlyMap<string, string>;
  readonly filterPhrases: readonly string[];
  readonly periodPhrases: readonly string[];
  /** The entity a list is about, when it is one. */
  readonly subject?: string;
}

export function planIntent(intent: Intent, schema: SchemaIndex): Plan {
  if (intent.problems.length > 0) throw new PlanProblem(intent.problems[0]);
  const state = new PlanState(schema, intent);
  listForEach(intent);
  resolveSubject(state);
  resolveMeasures(state);
  resolveComparisons(state);
  resolveRanking(state);
  if (intent.rank && !state.isAggregate && intent.dimensions.length > 0) {
    throw new PlanProblem('I cannot yet rank rows within each group (such as the highest salary in every department).');
  }
  resolveDimensions(state);
  // "card type codes and the number of cards": columns shown next to a measure are what it is grouped by.
  if (state.measures.length > 0) {
    for (const mention of [...intent.columns, ...intent.extraColumns]) {
      // "average resolution time in hours": a word for the measure's own column restates it.
      if (state.measures.some((measure) => measure.resolved.column && mention.candidates.some((candidate) => candidate.kind === 'column'
        && candidate.entity === measure.resolved.column?.entity && candidate.column === measure.resolved.column.name))) continue;
      const named = mention.candidates.some((candidate) => candidate.kind === 'column' && candidate.score >= 0.8 && candidate.match !== 'fuzzy');
      if (!named || /(ed|ing)$/i.test(mention.text)) throw new PlanProblem(`I could not tell how "${mention.text}" fits in the question.`);
      addMentionDimension(state, mention, state.subject?.name ?? state.measures[0].resolved.entity, true);
    }
  }
  completeAggregate(state);
  resolveSort(state);
  if (!state.isAggregate) resolveListColumns(state);
  resolveValueFilters(state);
  resolveQuoted(state);
  resolveDateSet(state);
  resolvePredicates(state);
  resolveMissing(state);
  resolvePeriods(state);
  refuseSelfReferences(state);
  return assemble(state);
}

/**
 * "the first name, department and city for each employee": with nothing to count or total, "for
 * each X" asks for one row per X — a list of X — not a breakdown.
 */
function listForEach(intent: Intent): void {
  // "accounts by the customer with first name Meaghan": with columns asked and nothing to compute, "by" names an owner.
  if (intent.measures.length === 0 && !intent.rank && intent.comparisons.length === 0 && intent.columns.length > 0
    && intent.dimensions.length > 0 && intent.dimensions.every((dimension) => dimension.kind === 'mention' && !dimension.each && dimension.mention.candidates[0]?.kind === 'entity')) {
    for (const dimension of intent.dimensions) if (dimension.kind === 'mention') intent.context.push(dimension.mention);
    intent.dimensions = [];
    return;
  }
  const each = intent.dimensions.filter((dimension) => dimension.kind === 'mention' && dimension.each);
  if (each.length !== 1 || intent.dimensions.length !== 1 || intent.measures.length > 0 || intent.rank || intent.comparisons.length > 0) return;
  if (intent.columns.length + intent.extraColumns.length === 0) return;
  const dimension = each[0];
  if (dimension.kind !== 'mention' || dimension.mention.candidates[0]?.kind !== 'entity') return;
  if (intent.subject) intent.context.push(intent.subject);
  intent.subject = dimension.mention;
  intent.dimensions = [];
}

/** "employees who report to Nancy": a row related to another row of the same table needs a self-join. */
function refuseSelfReferences(state: PlanState): void {
  const columns = [...state.listColumns, ...state.dimensions.map((dimension) => dimension.column)];
  for (const column of columns) {
    const entity = state.entity(column.entity);
    if (entity.foreignKeys.some((foreignKey) => foreignKey.refEntity === entity.name && foreignKey.columns.includes(column.name))) {
      throw new PlanProblem(`I cannot yet follow links between rows of the same table (${column.entity}.${column.name}).`);
    }
  }
}

function assemble(state: PlanState): Plan {
  const choice = pickRoot(state);
  const root = choice.root;
  const fieldEntities = new Set<string>();
  const use = (entity: string): string => {
    fieldEntities.add(entity);
    return entity;
  };
  const definitions = new Map<string, string>();
  const measures: Measure[] = uniqueIds(state.measures.map((planned) => {
    const resolved = planned.resolved;
    const { label, id } = measureName(resolved, state.schema.entityByName.get(resolved.countOf ?? resolved.entity), root);
    let aggregate = resolved.aggregate;
    let expression: ScalarExpression | undefined = resolved.expression;
    let definition = `${aggregateWord(resolved.aggregate)} ${resolved.definition}`;
    if (resolved.countOf && resolved.countOf !== root) {
      expression = distinctKey(state, choice, resolved.countOf);
      aggregate = 'count_distinct';
      definition = `count of distinct ${resolved.countOf}`;
      state.assume(`Each ${entityNoun(state.entity(resolved.countOf))} is counted once, however many ${entityNoun(state.entity(root), true)} it has.`);
    }
    if (expression) for (const entity of entitiesIn(expression)) use(entity);
    return { id, label, aggregate, ...(expression ? { expression } : {}), ...(resolved.unit ? { unit: resolved.unit } : {}), definition };
  })).map(({ definition, ...measure }) => {
    definitions.set(measure.id, definition);
    return measure;
  });
  const taken = new Set(measures.map((measure) => measure.id));
  const dimensions: Dimension[] = uniqueIds(state.dimensions.map(({ column: chosen, grain }) => {
    const column = keyViaForeignKey(state, choice, chosen);
    const { label, id } = columnLabel(state.entity(chosen.entity), chosen, root);
    use(column.entity);
    return grain ? { id: `${id}_${grain}`, label: `${label} (${grain})`, field: field(column.entity, column.name), grain } : { id, label, field: field(column.entity, column.name) };
  }), taken);
  const columns: SelectedColumn[] = state.isAggregate ? [] : uniqueIds(state.listColumns.map((column) => {
    const { label, id } = columnLabel(state.entity(column.entity), column, root);
    use(column.entity);
    return { id, label, field: field(column.entity, column.name) };
  }), taken);
  // Grouped by the subject through a join: rows that belong to no subject row are no group of it.
  if (state.groupedBySubject && state.subject && state.subject.name !== root) {
    const key = dimensions.find((dimension) => state.subject?.primaryKey.includes(dimension.field.column) && dimension.field.entity === state.subject.name)
      ?? dimensions.find((dimension) => dimension.field.entity !== state.subject?.name && state.entity(dimension.field.entity).foreignKeys.some((foreignKey) => foreignKey.refEntity === state.subject?.name && foreignKey.columns.includes(dimension.field.column)));
    if (key) state.filters.push({ kind: 'filter', expression: key.field, op: 'not_null', values: [] });
  }
  const ranked = state.limit !== undefined && state.order.some((entry) => entry.measure !== undefined);
  if (state.isAggregate) state.filters.push(...joinedGroupFilters(state.schema, choice, dimensions, ranked, state.filters));
  for (const filter of state.filters) for (const entity of entitiesIn(filter.expression)) use(entity);
  for (const entity of state.requiredEntities) use(entity);
  for (const entity of state.namedEntities) use(entity);
  const joins = joinsFor(choice.reach, [...fieldEntities]);
  const order = orderOf(state, measures, dimensions, columns);
  const query: LogicalQuery = {
    kind: 'select',
    root,
    joins,
    measures,
    dimensions,
    columns,
    filters: state.filters as Filter[],
    having: state.having.map(({ measure, op, values }) => ({ measureId: measures[measure].id, op: op as 'gt', values })),
    order,
    ...(state.limit !== undefined ? { limit: state.limit } : {}),
    ...(state.distinct || (!state.isAggregate && root !== state.subject?.name && state.subject !== undefined) ? { distinct: true } : {}),
  };
  refuseCountsPerRow(query, state.schema);
  const assumptions = [...new Set([...state.measures.flatMap((measure) => measure.resolved.assumptions), ...state.assumptions])];
  return { query, assumptions, definitions, filterPhrases: state.filterPhrases, periodPhrases: state.periodPhrases, ...(state.subject ? { subject: state.subject.name } : {}) };
}

/** The entities every part of the plan needs, and the root that reaches them all many-to-one. */
function pickRoot(state: PlanState): RootChoice {
  const needed = new Set<string>();
  const summed = new Set<string>();
  for (const { resolved } of state.measures) {
    needed.add(resolved.countOf ?? resolved.entity);
    if (!resolved.countOf && resolved.aggregate !== 'min' && resolved.aggregate !== 'max') summed.add(resolved.entity);
  }
  for (const { column } of state.dimensions) needed.add(column.entity);
  for (const column of state.listColumns) needed.add(column.entity);
  for (const filter of state.filters) for (const entity of entitiesIn(filter.expression)) needed.add(entity);
  for (const entity of state.requiredEntities) needed.add(entity);
  if (!state.isAggregate && state.subject) needed.add(state.subject.name);
  // Named entities are joined even when none of their columns is shown ("customers who ordered").
  for (const entity of state.namedEntities) needed.add(entity);
  if (summed.size > 1) throw new PlanProblem(`I cannot combine ${[...summed].join(' and ')} amounts in one query without counting some of them twice.`);
  const forced = [...summed][0];
  let choice: RootChoice | undefined;
  if (!state.isAggregate && state.subject) {
    const reach = reachFrom(state.schema, state.subject.name);
    if ([...needed].every((entity) => reach.paths.has(entity))) choice = { root: state.subject.name, reach };
  }
  choice ??= chooseRoot(state.schema, [...needed], forced);
  if (!choice) {
    throw new PlanProblem(forced
      ? `I cannot relate ${[...needed].filter((entity) => entity !== forced).join(', ')} to ${forced} without counting ${forced} rows twice.`
      : `I could not find how ${[...needed].join(', ')} are related.`);
  }
  for (const entity of needed) {
    if (choice.reach.ambiguous.has(entity)) throw new PlanProblem(`${choice.root} is linked to ${entity} in more than one way; please say which link you mean.`);
  }
  return choice;
}

/**
 * A key of an entity one hop away, when nothing else of that entity is used, is the foreign key
 * column of the row that points to it: no join needed (and none lost to a dangling reference).
 */
function keyViaForeignKey(state: PlanState, choice: RootChoice, column: ColumnInfo): ColumnInfo {
  if (!column.isPrimaryKey || column.entity === choice.root) return column;
  const others = [
    ...state.dimensions.map((dimension) => dimension.column),
    ...state.listColumns,
    ...state.measures.flatMap((measure) => (measure.resolved.expression ? entitiesIn(measure.resolved.expression).map((entity) => ({ entity })) : [])),
  ].filter((other) => other !== column && other.entity === column.entity);
  const filtered = state.filters.some((filter) => entitiesIn(filter.expression).includes(column.entity));
  const path = choice.reach.paths.get(column.entity) ?? [];
  const last = path.at(-1);
  if (others.length > 0 || filtered || state.namedEntities.includes(column.entity) && path.length !== 1 || !last || last.fromColumns.length !== 1 || last.toColumns[0] !== column.name) return column;
  return state.entity(last.fromEntity).columnByName.get(last.fromColumns[0]) ?? column;
}

/** The key to count an entity by from a finer root: the foreign key column when one hop away. */
function distinctKey(state: PlanState, choice: RootChoice, entity: string): ScalarExpression {
  const path = choice.reach.paths.get(entity) ?? [];
  const last = path.at(-1);
  if (last && last.fromColumns.length === 1) return field(last.fromEntity, last.fromColumns[0]);
  const key = state.entity(entity).primaryKey;
  if (key.length !== 1) throw new PlanProblem(`I cannot count ${entity} rows without a single-column key.`);
  return field(entity, key[0]);
}

function orderOf(state: PlanState, measures: readonly Measure[], dimensions: readonly Dimension[], columns: readonly SelectedColumn[]): OrderBy[] {
  const order: OrderBy[] = [];
  for (const entry of state.order) {
    if (entry.measure !== undefined) order.push({ id: measures[entry.measure].id, direction: entry.direction });
    else if (entry.column) {
      const target = [...columns, ...dimensions].find((item) => item.field.entity === entry.column?.entity && item.field.column === entry.column.name);
      if (target) order.push({ id: target.id, direction: entry.direction });
    }
  }
  if (order.length > 0 || !state.isAggregate) return order;
  const time = dimensions.filter((dimension) => dimension.grain);
  if (time.length > 0) return time.map((dimension) => ({ id: dimension.id, direction: 'asc' }));
  if (dimensions.length > 0 && measures.length > 0) return [{ id: measures[0].id, direction: 'desc' }];
  return order;
}

function aggregateWord(aggregate: string): string {
  return aggregate === 'avg' ? 'average of' : aggregate === 'count_distinct' ? 'count of distinct' : aggregate === 'count' ? 'count of' : `${aggregate} of`;
}

export function entitiesIn(expression: ScalarExpression): string[] {
  if (expression.kind === 'field') return [expression.entity];
  if (expression.kind === 'literal') return [];
  return [...entitiesIn(expression.left), ...entitiesIn(expression.right)];
}

