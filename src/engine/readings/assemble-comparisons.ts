/**
 * Comparisons in a reading: a column beside a comparison cue ("age above 30"), another column of
 * the same rows ("stock below their reorder level"), the average ("above the average price"), a
 * column a comparative names ("older than 30": age), and the rows' one amount ("invoices over
 * $5,000"). A number said in a unit of time is compared only with a column kept in that unit.
 */
import type { CompareOp } from '../question/cues.ts';
import { CURRENCY_NAMES } from '../schema/column-roles.ts';
import { DURATION_UNITS } from '../schema/schema-index.ts';
import { columnOf, entityOf, holdsMoney, type ColumnInfo } from '../schema/schema-model.ts';
import { Invalid, type Draft } from './draft.ts';
import { holdsImplication, impliedColumn } from './implied-columns.ts';

/** "age above 30", "price between 10 and 20": the comparison cue beside the column. */
export function comparisons(draft: Draft): void {
  const comparedWith = new Set<number>();
  for (const pick of draft.withRole('compare')) {
    if (comparedWith.has(pick.unit)) continue;
    if (pick.link?.target.kind !== 'column') throw new Invalid();
    const { entity, column } = pick.link.target;
    const info = columnOf(draft.input.schema, entity, column);
    // "more than 100 orders" counts orders; an id is never compared with a quantity.
    if (!(info.type === 'integer' || info.type === 'number') || info.isForeignKey || (info.isKey && !info.isPrimaryKey)) throw new Invalid();
    const cueIndex = [draft.rightOf(pick.unit), draft.leftOf(pick.unit)].find((index) => draft.cueAt(index)?.kind === 'compare' && !draft.usedCues.has(index));
    const cue = cueIndex === undefined ? undefined : draft.cueAt(cueIndex);
    if (cueIndex === undefined || cue?.kind !== 'compare') throw new Invalid();
    if (cue.values.length === 0 && !cue.against) {
      const other = cueIndex === draft.rightOf(pick.unit) ? otherColumnAfter(draft, cueIndex, entity, column) : undefined;
      if (other === undefined) throw new Invalid();
      comparedWith.add(other.unit);
      draft.conditions.push({ kind: 'compare', entity, column, op: cue.op, values: [], otherColumn: other.column, tokens: [...draft.use(pick.unit), ...draft.useCue(cueIndex), ...draft.use(other.unit)] });
      draft.feature('compare.other-column');
      continue;
    }
    if (cue.money && !holdsMoney(info)) throw new Invalid();
    // "hosts older than 50" compares an age; a number of hosts is not what "older" says.
    if ((cue.concept === 'attribute' || cue.concept === 'price') && !holdsImplication(info, cue) && !durationInItsUnit(draft, cue, info)) throw new Invalid();
    if (inAnotherTimeUnit(draft, cue, info) || inAnotherCurrency(draft, cueIndex, entity, info)) throw new Invalid();
    const tokens = [...draft.use(pick.unit), ...draft.useCue(cueIndex)];
    if (cue.against) {
      // "a price above the average price": the column said again after "average" is the same one.
      // Only a measured quantity has an average worth comparing with (not a key).
      if (!info.isNumeric) throw new Invalid();
      const again = draft.rightOf(cueIndex);
      const repeat = draft.picks[again]?.link?.target;
      if (repeat?.kind === 'column' && repeat.entity === entity && repeat.column === column && draft.picks[again]?.role === 'show') tokens.push(...draft.use(again));
      draft.conditions.push({ kind: 'compare', entity, column, op: cue.op, values: [], against: 'average', tokens });
      draft.feature('compare.average');
      continue;
    }
    draft.conditions.push({ kind: 'compare', entity, column, op: cue.op, values: inColumnScale(draft, cue, info), tokens });
    if (info.isKey) draft.feature('compare.key');
  }
}

/**
 * "units in stock below their reorder level": a comparison with no number, followed by another
 * measured column of the same rows, compares the two row by row. Money is compared with money only,
 * and a quantity with a quantity.
 */
function otherColumnAfter(draft: Draft, cueIndex: number, entity: string, column: string): { unit: number; column: string } | undefined {
  const unit = draft.rightOf(cueIndex);
  const pick = draft.picks[unit];
  const target = pick?.link?.target;
  if (pick?.role !== 'compare' || target?.kind !== 'column' || target.entity !== entity || target.column === column) return undefined;
  const left = columnOf(draft.input.schema, entity, column);
  const right = columnOf(draft.input.schema, entity, target.column);
  if (!left.isNumeric || !right.isNumeric || holdsMoney(left) !== holdsMoney(right)) return undefined;
  return { unit, column: target.column };
}

/** The unit of time said right after a comparison's number ("30 days" → day), else undefined. */
function timeUnitAfter(draft: Draft, cue: { readonly end: number }): string | undefined {
  const unit = draft.input.tokens[cue.end]?.lemma;
  return unit !== undefined && DURATION_UNITS.has(unit) ? unit : undefined;
}

/** "payment terms longer than 30 days": a duration said in a unit of time compares a column kept in that unit. */
function durationInItsUnit(draft: Draft, cue: { readonly attributes?: readonly string[]; readonly end: number }, column: ColumnInfo): boolean {
  const unit = timeUnitAfter(draft, cue);
  return (cue.attributes ?? []).includes('duration') && unit !== undefined && column.words.includes(unit);
}

/**
 * "a price above 700 dollars" where the rows keep price_in_dollars and price_in_euros: the currency
 * said names the column compared; another one answers another question.
 */
function inAnotherCurrency(draft: Draft, cueIndex: number, entity: string, column: ColumnInfo): boolean {
  const unit = draft.unit(cueIndex);
  // The number and its currency are one token ("700 dollars", "$700").
  const words = draft.input.tokens.slice(unit.start, unit.end).flatMap((token) => token.lower.split(/\s+|(?<=[$€£])/));
  const currency = words.map((word) => CURRENCY_SYMBOLS.get(word) ?? word.replace(/s$/, '')).find((word) => CURRENCY_NAMES.has(word));
  if (currency === undefined || column.words.includes(currency)) return false;
  return entityOf(draft.input.schema, entity).columns.some((other) => other.isNumeric && other.words.includes(currency));
}

const CURRENCY_SYMBOLS: ReadonlyMap<string, string> = new Map([['$', 'dollar'], ['€', 'euro'], ['£', 'pound']]);

const PERCENT_WORDS: ReadonlySet<string> = new Set(['percent', 'pct', 'percentage']);

/**
 * "a discount above 10 percent", "margin over 25%": a percentage compared with a column kept in
 * percent (its name says so) as it is, and with one kept as a fraction (its description says so:
 * "0.10 = 10 %") as a hundredth. Where nothing says how the column keeps it, 10 % may be 10 or 0.1,
 * and no reading compares it.
 */
function inColumnScale(draft: Draft, cue: { readonly values: readonly number[]; readonly percent?: boolean; readonly end: number }, column: ColumnInfo): readonly number[] {
  const after = draft.input.tokens[cue.end];
  if (!cue.percent && !(after !== undefined && PERCENT_WORDS.has(after.lemma))) return cue.values;
  if (column.words.some((word) => PERCENT_WORDS.has(word))) return cue.values;
  if (/\bfraction\b/i.test(column.description ?? '')) return cue.values.map((value) => value / 100);
  throw new Invalid();
}

/** "courses shorter than 3 days" on hours: a number said in one unit of time is no number of another. */
function inAnotherTimeUnit(draft: Draft, cue: { readonly end: number }, column: ColumnInfo): boolean {
  const unit = timeUnitAfter(draft, cue);
  return unit !== undefined && !column.words.includes(unit) && column.words.some((word) => DURATION_UNITS.has(word));
}

/** "employees older than 30": a comparative that names its attribute compares that column of the subject. */
export function impliedComparisons(draft: Draft): void {
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'compare' || draft.usedCues.has(index)) continue;
    const cue = unit.cue;
    // "invoices over $5,000", and a bare number with nothing after it ("invoices over 5000").
    const bare = !cue.money && !cue.percent && !cue.against && draft.picks[draft.rightOf(index)] === undefined;
    if (!cue.concept && !cue.attributes && (cue.money || bare)) {
      if (amountComparison(draft, index, cue.op, cue.values) && bare) draft.feature('compare.implied-amount-bare');
      continue;
    }
    if ((!cue.concept && !cue.attributes) || cue.values.length === 0 || !draft.subject) continue;
    if (draft.picks[draft.rightOf(index)]?.role === 'having') continue;
    const implied = impliedColumn(draft, draft.subject, cue);
    // "older than 30" on a date of birth is a date comparison this reading cannot make from a number.
    if (!implied || implied.inverted || (cue.money && !holdsMoney(implied.column)) || inAnotherTimeUnit(draft, cue, implied.column)) throw new Invalid();
    draft.conditions.push({ kind: 'compare', entity: implied.column.entity, column: implied.column.name, op: cue.op, values: inColumnScale(draft, cue, implied.column), tokens: draft.useCue(index) });
    draft.feature('compare.implied-column');
  }
}

/**
 * "invoices over $5,000", "payments above 1,000 euros": an amount of money said right after the rows
 * asked about, with no column named, compares their one amount column. Rows with no single amount
 * column leave the comparison unread, and the reading declines.
 */
function amountComparison(draft: Draft, cueIndex: number, op: CompareOp, values: readonly number[]): boolean {
  const before = draft.picks[draft.leftOf(cueIndex)]?.link?.target;
  if (values.length === 0 || before?.kind !== 'entity' || before.entity !== draft.subject) return false;
  const amount = entityOf(draft.input.schema, before.entity).primaryAmount;
  if (!amount) return false;
  draft.conditions.push({ kind: 'compare', entity: amount.entity, column: amount.name, op, values, tokens: draft.useCue(cueIndex) });
  draft.feature('compare.implied-amount');
  return true;
}
