/** Filters from the data's values ("Germany", "cancelled"), quoted strings, and periods. */
import { field } from '../query/logical-query.ts';
import { columnWords, entityNoun } from './labels.ts';
import { dateColumnFor } from './plan-dates.ts';
import { PlanProblem, type PlanState } from './plan-state.ts';
import { chooseColumn, chooseValueColumn } from './resolve.ts';
import { lemma } from './words.ts';
import type { ColumnInfo } from './schema-model.ts';

function baseEntity(state: PlanState): string | undefined {
  return state.subject?.name ?? state.measures[0]?.resolved.entity;
}

function anchorsWithBase(state: PlanState): string[] {
  const base = baseEntity(state);
  return base ? [base, ...state.anchors.filter((anchor) => anchor !== base)] : state.anchors;
}

export function describeColumn(state: PlanState, column: ColumnInfo): string {
  const entity = state.entity(column.entity);
  const words = columnWords(column);
  const named = entity.words.every((word, index) => words[index] !== undefined && lemma(words[index]) === word);
  return named ? words.join(' ') : `${entityNoun(entity)} ${words.join(' ')}`;
}

export function resolveValueFilters(state: PlanState): void {
  for (const filter of state.intent.valueFilters) {
    const choice = chooseValueColumn(state.schema, filter.mentions, filter.hints, anchorsWithBase(state));
    if (!choice) throw new PlanProblem(`I could not connect "${filter.mentions.map((mention) => mention.text).join(' / ')}" to the rest of the question.`);
    const expression = field(choice.entity, choice.column);
    const many = choice.values.length > 1;
    const op = filter.negated ? (many ? 'not_in' : 'neq') : many ? 'in' : 'eq';
    state.filters.push({ kind: 'filter', expression, op, values: choice.values });
    const column = state.entity(choice.entity).columnByName.get(choice.column) as ColumnInfo;
    state.filterPhrases.push(`${describeColumn(state, column)} ${filter.negated ? 'is not' : 'is'} ${choice.values.join(filter.negated ? ' nor ' : ' or ')}`);
    const repeated = state.filters.filter((other) => other.expression.kind === 'field' && other.expression.entity === choice.entity && other.expression.column === choice.column && (other.op === 'eq' || other.op === 'in'));
    if (repeated.length > 1) throw new PlanProblem(`${choice.values.join(', ')} and another value are both values of ${choice.entity}.${choice.column}; a row cannot have both.`);
  }
}

const FLAG_WORDS = new Set(['active', 'enabled', 'valid', 'verified', 'approved', 'deleted', 'archived', 'available', 'discontinued', 'blocked', 'closed', 'open', 'paid', 'public', 'visible']);

/** "customers who are active": a yes/no column that is yes (true, or 1 for a flag kept as a number). */
export function resolvePredicates(state: PlanState): void {
  for (const mention of state.intent.predicates) {
    const column = chooseColumn(state.schema, mention, anchorsWithBase(state), (candidate) => candidate.isBoolean
      || (candidate.type === 'integer' && candidate.words.some((word) => FLAG_WORDS.has(word) || word === 'is' || word === 'has')))?.column;
    if (!column) throw new PlanProblem(`I could not tell how "${mention.text}" fits in the question.`);
    const negated = state.intent.negatedPredicates.includes(mention);
    const value = column.isBoolean ? !negated : negated ? 0 : 1;
    if (!column.isBoolean) state.assume(`${column.entity}.${column.name} = 1 is read as yes.`);
    state.filters.push({ kind: 'filter', expression: field(column.entity, column.name), op: 'eq', values: [value] });
    state.filterPhrases.push(`${describeColumn(state, column)} is ${column.isBoolean ? String(value) : value === 1 ? 'yes (1)' : 'no (0)'}`);
  }
}

/** "tickets with no agent": the subject's link to it is empty; "customers without orders" cannot be said so. */
export function resolveMissing(state: PlanState): void {
  for (const mention of state.intent.missing) {
    const target = mention.candidates[0];
    const subject = state.subject;
    const link = subject?.foreignKeys.filter((foreignKey) => target?.kind === 'entity' && foreignKey.refEntity === target.entity) ?? [];
    if (!subject || link.length !== 1 || link[0].columns.length !== 1) {
      throw new PlanProblem('I cannot yet answer questions about rows that have no related rows.');
    }
    state.filters.push({ kind: 'filter', expression: field(subject.name, link[0].columns[0]), op: 'is_null', values: [] });
    state.filterPhrases.push(`${describeColumn(state, subject.columnByName.get(link[0].columns[0]) as ColumnInfo)} is empty`);
  }
}

/** "resolved tickets": the date that says so is set. */
export function resolveDateSet(state: PlanState): void {
  for (const mention of state.intent.dateSet) {
    const column = dateColumnFor(state.schema, baseEntity(state), mention, anchorsWithBase(state));
    if (!column) throw new PlanProblem(`I could not tell what "${mention.text}" refers to.`);
    state.filters.push({ kind: 'filter', expression: field(column.entity, column.name), op: 'not_null', values: [] });
    state.filterPhrases.push(`${describeColumn(state, column)} is set`);
  }
}

export function resolveQuoted(state: PlanState): void {
  for (const quoted of state.intent.quoted) {
    let column: ColumnInfo | undefined;
    if (quoted.column) column = chooseColumn(state.schema, quoted.column, anchorsWithBase(state), (candidate) => candidate.isText)?.column;
    if (!column && state.subject?.displayColumns.length === 1) {
      column = state.subject.displayColumns[0];
      state.assume(`"${quoted.text}" is matched against ${column.entity}.${column.name}.`);
    }
    if (!column) throw new PlanProblem(`I could not tell which column "${quoted.text}" is about.`);
    const op = quoted.negated ? (quoted.op === 'contains' ? undefined : 'neq') : quoted.op;
    if (!op) throw new PlanProblem('I cannot yet exclude text that contains a word.');
    state.filters.push({ kind: 'filter', expression: field(column.entity, column.name), op, values: [quoted.text] });
    state.filterPhrases.push(`${describeColumn(state, column)} ${op === 'contains' ? 'contains' : op === 'neq' ? 'is not' : 'is'} "${quoted.text}"`);
  }
}

/** Periods filter the date; "2023 vs 2024" also breaks the result down by the periods' grain. */
export function resolvePeriods(state: PlanState): void {
  const periods = state.intent.periods;
  if (periods.length === 0) return;
  const base = state.measures.find((measure) => !measure.resolved.countOf)?.resolved.entity ?? state.factEntity ?? baseEntity(state);
  const hint = periods.find((period) => period.dateHint)?.dateHint;
  const column = dateColumnFor(state.schema, base, hint, state.anchors);
  if (!column) throw new PlanProblem(`I could not tell which date "${periods[0].period.phrase}" applies to.`);
  if (column.entity !== base) state.requiredEntities.push(column.entity);
  const expression = field(column.entity, column.name);
  const compared = state.intent.versus && periods.length > 1;
  if (compared) {
    const grain = periods[0].period.grain;
    if (!grain || periods.some((period) => period.period.grain !== grain || !period.period.start || !period.period.end)) {
      throw new PlanProblem('I can compare whole years, quarters or months side by side, but not these periods.');
    }
    const start = periods.map((period) => period.period.start as string).sort()[0];
    const end = periods.map((period) => period.period.end as string).sort().at(-1) as string;
    const inside = (value: string): boolean => periods.some((period) => (period.period.start as string) <= value && value < (period.period.end as string));
    const contiguous = periods.length === countGrains(start, end, grain) && inside(start);
    if (!state.dimensions.some((dimension) => dimension.grain === grain && dimension.column === column)) state.dimensions.unshift({ column, grain });
    if (contiguous) {
      state.filters.push({ kind: 'filter', expression, op: 'gte', values: [start] }, { kind: 'filter', expression, op: 'lt', values: [end] });
    } else {
      throw new PlanProblem('I can only compare periods that follow each other, such as 2023 vs 2024.');
    }
    state.periodPhrases.push(periods.map((period) => period.period.phrase.replace(/^in /, '')).join(' vs '));
    return;
  }
  const named = column !== state.entity(column.entity).mainDate || column.entity !== base ? ` (${describeColumn(state, column)})` : '';
  for (const { period } of periods) {
    if (period.start) state.filters.push({ kind: 'filter', expression, op: 'gte', values: [period.start] });
    if (period.end) state.filters.push({ kind: 'filter', expression, op: 'lt', values: [period.end] });
    state.periodPhrases.push(`${period.phrase}${named}`);
    if (period.assumption) state.assume(period.assumption);
  }
}

function countGrains(start: string, end: string, grain: string): number {
  const [startYear, startMonth] = start.split('-').map(Number);
  const [endYear, endMonth] = end.split('-').map(Number);
  const months = (endYear - startYear) * 12 + (endMonth - startMonth);
  return grain === 'year' ? months / 12 : grain === 'quarter' ? months / 3 : grain === 'month' ? months : Number.NaN;
}
