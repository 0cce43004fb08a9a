/**
 * Shares: "what share of revenue comes from Germany?", "percentage of orders that were cancelled",
 * "what % of customers are in the Retail segment". The question is planned twice by the rest of
 * the engine — the part ("number of orders that were cancelled") and the whole ("number of
 * orders") — and the two plans must differ only by the filters that pick the part. The answer is
 * one query: the whole's measure restricted to those filters, the whole's measure, and their
 * ratio in percent. Anything else (a share per group, a part that changes the measure or the
 * rows it is taken over) is declined rather than guessed.
 */
import type { Filter, LogicalQuery, Measure } from '../query/logical-query.ts';
import { PERCENT_UNIT } from '../query/logical-query.ts';
import type { PlanResult } from './question-engine.ts';

/** "what share of …", "percentage of …", "what % of …", "which proportion of the …". */
const SHARE_QUESTION = /^(?:(?:what|which)\s+(?:is\s+the\s+|was\s+the\s+)?)?(?:share|percentage|percent|proportion|fraction|part|%)\s+of\s+(?:the\s+|all\s+)?(.+?)[\s?.!]*$/i;

/** Words that end the measure's phrase and start the part's ("orders | that were cancelled"). */
const PART_START = new Set([
  'comes', 'come', 'came', 'coming', 'is', 'are', 'was', 'were', 'that', 'which', 'who', 'whose', 'where',
  'made', 'from', 'in', 'by', 'with', 'for', 'on', 'at', 'to', 'of', 'not', 'without', 'excluding',
]);

/** Filters a period adds: date bounds, shared by the part and the whole. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}/;
const SUMMABLE: ReadonlySet<Measure['aggregate']> = new Set(['count', 'sum']);

export type SharePlanner = (question: string) => PlanResult;

/** A plan for a share question, a reason to decline it, or undefined when it is not one. */
export function planShare(question: string, plan: SharePlanner): PlanResult | { readonly ok: false; readonly reason: string } | undefined {
  const match = SHARE_QUESTION.exec(question.trim());
  if (!match) return undefined;
  const rest = match[1].replace(/\b(?:comes?|came|coming)\s+from\b/gi, 'from');
  const words = rest.split(/\s+/);
  const cut = words.findIndex((word) => PART_START.has(word.toLowerCase()));
  const measureWords = cut < 0 ? words : words.slice(0, cut);
  if (measureWords.length === 0 || cut < 0) return decline('I could not tell which part of the total the question asks the share of.');
  for (const prefix of ['', 'number of ']) {
    const whole = plan(prefix + measureWords.join(' '));
    if (!whole.ok || !isSingleTotal(whole.query)) continue;
    const part = plan(prefix + rest);
    if (!part.ok) return decline(part.reason);
    return combine(part, whole);
  }
  return decline('I could not find a total or a count to take the share of.');
}

function decline(reason: string): { readonly ok: false; readonly reason: string } {
  return { ok: false, reason };
}

/** One sum or row count, over all rows of its root, no groups, no ranking. */
function isSingleTotal(query: LogicalQuery): boolean {
  return query.columns.length === 0 && query.measures.length === 1 && query.having.length === 0 && query.limit === undefined;
}

function combine(part: Extract<PlanResult, { ok: true }>, whole: Extract<PlanResult, { ok: true }>): PlanResult | { readonly ok: false; readonly reason: string } {
  const partQuery = part.query;
  const wholeQuery = whole.query;
  if (partQuery.dimensions.length > 0 || wholeQuery.dimensions.length > 0) {
    return decline('I cannot yet work out each group\'s share of the total (that needs the total of all groups next to every group).');
  }
  if (!isSingleTotal(partQuery)) return decline('The part of the share does not read as the same total restricted to some rows.');
  const measure = wholeQuery.measures[0];
  if (!SUMMABLE.has(measure.aggregate) || (measure.aggregate === 'count' && measure.expression !== undefined)) {
    return decline(`A share needs a total or a count of rows, not ${measure.aggregate === 'count_distinct' ? 'a count of distinct values' : `an ${measure.aggregate}`}.`);
  }
  if (partQuery.root !== wholeQuery.root || !sameJson(partQuery.measures[0], measure)) {
    return decline('The part and the whole of the share are not the same measure over the same rows.');
  }
  const wholeJoins = wholeQuery.joins.map(toJson);
  if (!wholeJoins.every((join, index) => toJson(partQuery.joins[index]) === join)) return decline('The part and the whole of the share join differently.');
  const wholeFilters = new Set(wholeQuery.filters.map(toJson));
  const partFilters = partQuery.filters.map(toJson);
  if (![...wholeFilters].every((filter) => partFilters.includes(filter))) return decline('The part of the share drops a filter of the whole.');
  const added = partQuery.filters.filter((filter) => !wholeFilters.has(toJson(filter)));
  const bounds = added.filter(isPeriodBound);
  const others = added.filter((filter) => !isPeriodBound(filter));
  // A period is context when something else picks the part ("revenue in 2024 from Germany"), and
  // the part itself when nothing else does ("orders placed in 2024").
  const periods = others.length > 0 ? bounds : [];
  const picks = others.length > 0 ? others : bounds;
  if (picks.length === 0) return decline('I could not tell which rows make up the part of the share.');
  if (others.length === 0 && !isOnePeriod(bounds)) return decline('The part of the share has several periods; please ask with one.');
  // "orders in Germany that were cancelled": a share of all orders, or of German ones? Not guessed.
  if (others.length > 1) return decline('The part of the share has several conditions, and I cannot tell which of them limit the whole; please ask with one.');
  const partId = `${measure.id}_part`;
  const shareId = `${measure.id}_share`;
  // "Share of orders" rather than "share of number of orders".
  const label = lowerFirst(measure.aggregate === 'count' ? measure.label.replace(/^number of /i, '') : measure.label);
  const query: LogicalQuery = {
    ...wholeQuery,
    joins: partQuery.joins,
    filters: [...wholeQuery.filters, ...periods],
    measures: ([
      { ...measure, id: shareId, label: `Share of ${label}`, aggregate: 'ratio', numeratorId: partId, denominatorId: measure.id, percent: true, unit: PERCENT_UNIT, expression: undefined },
      { ...measure, id: partId, label: `${measure.label} (part)`, where: picks },
      { ...measure, label: `${measure.label} (all)` },
    ] as Measure[]).map(withoutUndefined),
    order: [],
  };
  const isCount = measure.aggregate === 'count';
  const allRows = `${isCount ? `all ${label}` : `${label} over all rows`}${periods.length > 0 ? ' in the same period' : ''}`;
  const interpretation = `Share of ${label}, in percent: ${lowerFirst(part.interpretation)}; out of ${allRows}`;
  const assumptions = [...new Set([
    ...part.assumptions, ...whole.assumptions,
    isCount
      ? `The share is the number of these ${label} divided by the number of ${allRows}, times 100.`
      : `The share is the part's ${label} divided by the ${allRows}, times 100.`,
  ])];
  return { ok: true, query, interpretation, assumptions };
}

/** A date bound from a period ("in 2024"): kept for the whole as well as the part. */
function isPeriodBound(filter: Filter): boolean {
  return ['gte', 'gt', 'lt', 'lte', 'between'].includes(filter.op) && filter.values.length > 0
    && filter.values.every((value) => typeof value === 'string' && DATE_TEXT.test(value));
}

/** The two bounds of one period on one column ("in 2024": on or after 2024-01-01, before 2025-01-01). */
function isOnePeriod(bounds: readonly Filter[]): boolean {
  if (bounds.length === 1) return true;
  return bounds.length === 2 && sameJson(bounds[0].expression, bounds[1].expression)
    && bounds.some((bound) => bound.op === 'gte' || bound.op === 'gt') && bounds.some((bound) => bound.op === 'lt' || bound.op === 'lte');
}

function withoutUndefined(measure: Measure): Measure {
  return Object.fromEntries(Object.entries(measure).filter(([, value]) => value !== undefined)) as unknown as Measure;
}

function toJson(value: unknown): string {
  return JSON.stringify(value);
}

function sameJson(left: unknown, right: unknown): boolean {
  return toJson(left) === toJson(right);
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text[0].toLowerCase() + text.slice(1) : text;
}
