/**
 * Time in a reading: a period ("in 2024", "last quarter") bound to a date column — the one the
 * question names beside it ("shipped in 2024"), else the date of what is measured, else the
 * subject's — and time grains ("monthly", "per year") on the same date.
 */
import type { TimeGrain } from '../../query/logical-query.ts';
import { columnOf, entityOf, type ColumnInfo } from '../schema/schema-model.ts';
import { measuresOf } from './assemble-measures.ts';
import { followsBe } from '../question/tokens.ts';
import { Invalid, type Draft } from './draft.ts';
import type { Period } from '../question/periods.ts';
import { isVerb } from './choices.ts';
import type { ConditionNode } from './reading.ts';
import { soleEntity } from './units.ts';

export function assembleTime(draft: Draft): void {
  assembleVersus(draft);
  for (const pick of draft.withRole('period')) {
    const unit = draft.unit(pick.unit);
    if (unit.kind !== 'period') throw new Invalid();
    // Already bound: a period of related rows ("without orders in 2025").
    if (draft.usedTokens.has(unit.start)) continue;
    const column = timeColumn(draft, pick.unit);
    const tokens = draft.use(pick.unit);
    if (column) {
      newRowsOn(draft, column);
      // Two periods said are about two dates ("revenue this year from customers who joined this year").
      if (draft.conditions.some((condition) => condition.kind === 'period' && condition.entity === column.entity && condition.column === column.name)) throw new Invalid();
      draft.conditions.push({ kind: 'period', entity: column.entity, column: column.name, period: unit.period, tokens });
      continue;
    }
    // "price lists in 2021", "product lines between 2019 and 2021" on a schema that keeps the year as a number.
    const year = yearColumn(draft);
    if (!year) throw new Invalid();
    draft.conditions.push(yearCondition(year, unit.period, tokens));
    draft.feature('period.year-column');
  }
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'grain') continue;
    // "subscriptions billed monthly": a grain word read as the value it also is groups by nothing.
    const pick = draft.picks[index];
    if (pick !== undefined && pick.role !== 'cue') continue;
    const column = timeColumn(draft, index);
    if (!column) throw new Invalid();
    newRowsOn(draft, column);
    draft.groups.push({ kind: 'grain', entity: column.entity, column: column.name, grain: unit.cue.grain as TimeGrain, tokens: draft.useCue(index) });
  }
}

/**
 * "new customers this year", "new accounts per month": rows new in a period are those the period
 * dates by their own first date (customers.customer_since). "new" before rows dated by anything
 * else (their orders' date) stays unread, and the question is declined.
 */
function newRowsOn(draft: Draft, column: ColumnInfo): void {
  if (entityOf(draft.input.schema, column.entity).mainDate?.name !== column.name) return;
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'word' || unit.token.lemma !== 'new' || draft.usedTokens.has(unit.start)) continue;
    const target = draft.picks[index + 1]?.link?.target;
    if (target?.kind === 'entity' && target.entity === column.entity) {
      draft.use(index);
      draft.feature('period.new-rows');
    }
  }
}

/**
 * "revenue this year vs last year", "orders in Q1 2025 compared with Q2 2025": two adjacent periods
 * of one grain side by side — the date within both, grouped by that grain, one column per period.
 * Periods apart ("2023 vs 2025") or of different grains would need a measure per period: not read.
 */
function assembleVersus(draft: Draft): void {
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'versus' || draft.usedCues.has(index)) continue;
    if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') continue;
    const sides = [draft.leftOf(index), draft.rightOf(index)];
    const periods = sides.map((side) => {
      const said = draft.input.units[side];
      return said?.kind === 'period' && draft.picks[side]?.role === 'period' && !draft.usedTokens.has(said.start) ? said.period : undefined;
    });
    const [earlier, later] = [...periods].sort((left, right) => (left?.start ?? '').localeCompare(right?.start ?? ''));
    if (!earlier?.start || !later?.start || !earlier.grain || earlier.grain !== later.grain || earlier.end !== later.start) throw new Invalid();
    const column = timeColumn(draft, sides[0]);
    const other = timeColumn(draft, sides[1]);
    if (!column || column.entity !== other?.entity || column.name !== other.name) throw new Invalid();
    newRowsOn(draft, column);
    const tokens = [...draft.use(sides[0]), ...draft.useCue(index), ...draft.use(sides[1])];
    const period: Period = { ...earlier, end: later.end, phrase: `${earlier.phrase} and ${later.phrase}`, tokenStart: Math.min(earlier.tokenStart, later.tokenStart), tokenEnd: Math.max(earlier.tokenEnd, later.tokenEnd) };
    draft.conditions.push({ kind: 'period', entity: column.entity, column: column.name, period, tokens });
    if (draft.pivot) throw new Invalid();
    let group = draft.groups.find((each) => each.kind === 'grain' && each.entity === column.entity && each.column === column.name && each.grain === earlier.grain);
    if (!group) {
      group = { kind: 'grain', entity: column.entity, column: column.name, grain: earlier.grain, tokens: [] };
      draft.groups.push(group);
    }
    draft.pivot = group;
    draft.feature('period.versus');
  }
}

/** The date a period or grain said at `unitIndex` applies to: the one named beside it, else the date of what is measured or listed. */
export function timeColumn(draft: Draft, unitIndex: number): ColumnInfo | undefined {
  const named = namedDate(draft, unitIndex);
  if (named) return named;
  // "subscriptions cancelled in 2025": a state said as a verb beside the period is an event, dated
  // only by a date column its comment says is when it happened ("When the subscription was
  // cancelled"); the rows' own date (when they started) would answer another question.
  const event = stateVerbBeside(draft, unitIndex);
  if (event !== undefined) {
    const dated = eventDate(draft, event);
    if (!dated) throw new Invalid();
    draft.feature('period.event-date');
    return dated;
  }
  const date = defaultDate(draft);
  // "customers who joined last year": a clause about some rows dates those rows; with a verb that
  // names no date, the date of another entity (their orders') would answer another question.
  const clause = clauseEntity(draft, unitIndex);
  if (clause !== undefined && date !== undefined && date.entity !== clause) throw new Invalid();
  if (date !== undefined && verbNamesOtherDate(draft, date)) throw new Invalid();
  return date;
}

/**
 * "Which agents resolved tickets in 2025?": a verb of the question that names another date of the
 * rows the period would date by default says which event the period is about; their own main date
 * (when the tickets were opened) would answer another question.
 */
function verbNamesOtherDate(draft: Draft, date: ColumnInfo): boolean {
  const { tokens, units, schema } = draft.input;
  return units.some((unit) => unit.kind === 'link' && isVerb(tokens, unit.start, unit.end) && unit.links.some((link) => link.target.kind === 'column'
    && link.target.entity === date.entity && link.target.column !== date.name && columnOf(schema, link.target.entity, link.target.column).isDate));
}

const RELATIVE_WORDS = new Set(['who', 'that', 'which']);

/** The entity a relative clause ending in the period is about ("customers who joined last year"), when its verb names nothing. */
function clauseEntity(draft: Draft, unitIndex: number): string | undefined {
  const { tokens, units } = draft.input;
  const period = units[unitIndex];
  if (period?.kind !== 'period') return undefined;
  let index = period.start - 1;
  while (tokens[index]?.pos === 'ADP') index -= 1;
  if (tokens[index]?.pos !== 'VERB' || units[draft.unitOfToken(index)]?.kind !== 'word') return undefined;
  index -= 1;
  while (tokens[index]?.pos === 'AUX' || tokens[index]?.pos === 'ADV') index -= 1;
  if (!RELATIVE_WORDS.has(tokens[index]?.lower ?? '')) return undefined;
  // Whatever the reading takes the noun for (the rows, or another table's key to them), the clause is about what it names.
  return soleEntity(units[draft.unitOfToken(index - 1)]);
}

/** The one date column of the verb's rows whose comment says the verb ("When the subscription was cancelled"); a date its name says is namedDate's. */
function eventDate(draft: Draft, verbUnit: number): ColumnInfo | undefined {
  const entity = draft.picks[verbUnit]?.link?.target.entity;
  const unit = draft.input.units[verbUnit];
  if (!entity || !unit) return undefined;
  const lemma = draft.input.tokens[unit.end - 1].lemma;
  const dates = entityOf(draft.input.schema, entity).columns.filter((column) => column.isDate && column.commentWords?.includes(lemma) === true && !saysWhenWanted(column));
  return dates.length === 1 ? dates[0] : undefined;
}

/**
 * "Date the customer wants the goods delivered by" (required_date): a date of when something is
 * wanted, due or planned is not when it happened.
 */
function saysWhenWanted(column: ColumnInfo): boolean {
  return [...column.words, ...(column.commentWords ?? [])].some((word) => WANTED_WORDS.has(word));
}

const WANTED_WORDS: ReadonlySet<string> = new Set(['want', 'require', 'expect', 'plan', 'schedule', 'promise', 'target', 'due', 'deadline', 'estimate', 'request']);

/** The unit of a state said as a verb beside the period, if any. */
function stateVerbBeside(draft: Draft, unitIndex: number): number | undefined {
  return timeNeighbours(draft, unitIndex).find((side) => {
    const unit = draft.input.units[side];
    const pick = draft.picks[side];
    if (unit?.kind !== 'link' || !isVerb(draft.input.tokens, unit.start, unit.end)) return false;
    // "orders from 2025 were cancelled": a verb after "be" is what is said of the rows the period dates.
    if (unit.start > draft.input.units[unitIndex].start && followsBe(draft.input.tokens, unit.start)) return false;
    const target = pick?.link?.target;
    return pick?.role === 'filter' || (pick?.role === 'segment' && target?.kind === 'segment' && !target.segment.time);
  });
}

/** The units on either side of a period or grain, looking past the time grain beside it ("opened per month in 2025"). */
function timeNeighbours(draft: Draft, unitIndex: number): number[] {
  const isGrain = (index: number): boolean => {
    const unit = draft.input.units[index];
    return unit?.kind === 'cue' && unit.cue.kind === 'grain';
  };
  const left = draft.leftOf(unitIndex);
  const right = draft.rightOf(unitIndex);
  return [isGrain(left) ? draft.leftOf(left) : left, isGrain(right) ? draft.rightOf(right) : right];
}

/**
 * A date column the question names next to the period ("shipped in 2024", "hired after 2010"), or
 * next to the time grain beside it ("opened per month in 2025").
 */
function namedDate(draft: Draft, unitIndex: number): ColumnInfo | undefined {
  for (const side of timeNeighbours(draft, unitIndex)) {
    const pick = draft.picks[side];
    if (pick?.role !== 'names' || pick.link?.target.kind !== 'column') continue;
    const info = columnOf(draft.input.schema, pick.link.target.entity, pick.link.target.column);
    if (!info.isDate) continue;
    draft.use(side);
    draft.feature('period.named-date');
    return info;
  }
  return undefined;
}

/**
 * The date of what is measured (a metric's own date, as the semantic layer says), the date a named
 * segment is dated by ("solved tickets" → resolved_at), else the main date of what is measured or listed.
 */
function defaultDate(draft: Draft): ColumnInfo | undefined {
  // A ratio's parts may be dated differently (ended in the period / active at its start): no one date dates it.
  if (measuresOf(draft).some((measure) => measure.metric?.aggregate === 'ratio' && !measure.metric.time)) throw new Invalid();
  const metricTime = measuresOf(draft).find((measure) => measure.metric?.time)?.metric?.time;
  if (metricTime) {
    draft.feature('period.metric-date');
    return columnOf(draft.input.schema, metricTime.entity, metricTime.column);
  }
  for (const condition of draft.conditions) {
    if (condition.kind !== 'segment' || !condition.segment.time) continue;
    draft.feature('period.segment-date');
    return columnOf(draft.input.schema, condition.entity, condition.segment.time);
  }
  // "MRR last month": a state of now has no history here; dated by when its rows began, it would
  // answer another question (the MRR of subscriptions started last month).
  if (measuresOf(draft).some((measure) => measure.metric?.current === true)) throw new Invalid();
  const measured = measuresOf(draft)[0]?.entity;
  for (const [entity, feature] of [[measured, 'period.measure-date'], [draft.subject, 'period.subject-date']] as const) {
    if (!entity) continue;
    const date = entityOf(draft.input.schema, entity).mainDate;
    if (date) {
      draft.feature(feature);
      return date;
    }
  }
  return undefined;
}

/** A period of whole years as a condition on a year column. */
function yearCondition(year: ColumnInfo, period: Period, tokens: readonly number[]): ConditionNode {
  const startYear = period.start !== undefined && /-01-01$/.test(period.start) ? Number(period.start.slice(0, 4)) : undefined;
  const endYear = period.end !== undefined && /-01-01$/.test(period.end) ? Number(period.end.slice(0, 4)) - 1 : undefined;
  if ((period.start !== undefined && startYear === undefined) || (period.end !== undefined && endYear === undefined)) throw new Invalid();
  if (startYear !== undefined && endYear !== undefined) {
    if (startYear === endYear) return { kind: 'equals', entity: year.entity, column: year.name, values: [year.isText ? String(startYear) : startYear], negated: false, tokens };
    if (year.isText) throw new Invalid();
    return { kind: 'compare', entity: year.entity, column: year.name, op: 'between', values: [startYear, endYear], tokens };
  }
  if (year.isText) throw new Invalid();
  return startYear !== undefined
    ? { kind: 'compare', entity: year.entity, column: year.name, op: 'gte', values: [startYear], tokens }
    : { kind: 'compare', entity: year.entity, column: year.name, op: 'lte', values: [endYear ?? 0], tokens };
}

/**
 * The rows' column that keeps a year as a number: among the columns named a year ("year",
 * "year_opened"), the one the question's verb names ("opened" → year_opened), else the only one;
 * with none named a year, the one number column the verb names ("founded").
 */
function yearColumn(draft: Draft): ColumnInfo | undefined {
  const entity = measuresOf(draft)[0]?.entity ?? draft.subject;
  if (!entity) return undefined;
  const columns = entityOf(draft.input.schema, entity).columns.filter((column) => !column.isDate && !column.isKey && (column.isNumeric || column.isText));
  const verbs = new Set(draft.input.tokens.filter((token) => token.pos === 'VERB').map((token) => token.lemma));
  const saidByVerb = columns.filter((column) => column.isNumeric && column.words.some((word) => verbs.has(word)));
  const years = columns.filter((column) => column.words.includes('year'));
  const named = saidByVerb.filter((column) => years.includes(column));
  if (named.length === 1) return named[0];
  if (years.length === 1) return years[0];
  return saidByVerb.length === 1 && years.length === 0 ? saidByVerb[0] : undefined;
}

/** A period on `entity`'s rows: on the date named beside it, else the entity's main date; undefined when it has none. */
export function periodConditionOn(draft: Draft, unitIndex: number, entity: string, period: Period, tokens: readonly number[]): ConditionNode | undefined {
  const date = namedDate(draft, unitIndex) ?? entityOf(draft.input.schema, entity).mainDate;
  return date ? { kind: 'period', entity: date.entity, column: date.name, period, tokens } : undefined;
}
