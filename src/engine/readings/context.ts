/**
 * The neighbourhood of each unit: the nearest unit on either side that carries meaning, with the
 * grammar words in between ("the names OF all the suppliers", "customers WHO order IN …"). Roles are
 * proposed from it and its kind becomes part of the features a reading is scored on.
 */
import { wordTable } from '../language/word-table.ts';
import type { Cue } from '../question/cues.ts';
import type { Unit } from './units.ts';

/** Words that never separate a unit from what governs it: "the", "all the", "their". */
const TRANSPARENT = new Set(['the', 'a', 'an', 'their', 'its', 'his', 'her', 'our', 'my', 'your', 'this', 'these', 'those', 'that', 'all', 'any', 'some', 'every', 'each', 'only', 'just', 'also', "'s", 'of', 'be', 'is', 'are', 'was', 'were', 'been', 'being', 'do', 'does', 'did', 'have', 'has', 'had', 'there', 'here', 'me', 'us', 'please', 'out']);

/** Kinds of neighbourhood, the vocabulary of role features. */
export type ContextKind =
  | 'start' | 'end' | 'lead' | 'count' | 'aggregate' | 'superlative' | 'group' | 'sort' | 'compare' | 'negation' | 'distinct'
  | 'contains' | 'quantifier' | 'grain' | 'limit' | 'versus' | 'window' | 'pivot' | 'everything' | 'period' | 'number' | 'quoted' | 'link' | 'and' | 'comma'
  | 'of' | 'in' | 'from' | 'with' | 'for' | 'by' | 'at' | 'on' | 'to' | 'as' | 'than' | 'relative' | 'verb' | 'copula' | 'possessive' | 'word';

export interface Side {
  /** Index of the nearest unit that is not a transparent word, or -1. */
  readonly unit: number;
  readonly kind: ContextKind;
  /** That unit's cue, when it is one. */
  readonly cue?: Cue;
  /** The grammar words skipped on the way (lemmas), nearest first. */
  readonly between: readonly string[];
}

export interface UnitContext {
  readonly left: Side;
  readonly right: Side;
}

const WORD_KINDS = wordTable<ContextKind>({
  and: 'and', or: 'and', ',': 'comma', of: 'of', in: 'in', into: 'in', within: 'in', inside: 'in', among: 'in', from: 'from',
  with: 'with', having: 'with', for: 'for', by: 'by', at: 'at', on: 'on', to: 'to', as: 'as', than: 'than',
  who: 'relative', whom: 'relative', which: 'relative', that: 'relative', whose: 'relative', where: 'relative', when: 'relative',
  is: 'copula', are: 'copula', was: 'copula', were: 'copula', be: 'copula', "'s": 'possessive',
});

export function contextsOf(units: readonly Unit[]): UnitContext[] {
  return units.map((_, index) => ({ left: side(units, index, -1), right: side(units, index, 1) }));
}

/**
 * The cue that governs a unit from its left ("the total of invoices", "the total of unpaid
 * invoices", "how many active subscriptions"): the nearest unit on the left, past up to two links
 * that only name segments or values of the rows and an "of"; undefined when it is not a cue of
 * that kind.
 */
export function governingCue(units: readonly Unit[], contexts: readonly UnitContext[], index: number, kind: 'aggregate' | 'count' | 'superlative'): number | undefined {
  let left = contexts[index].left;
  for (let steps = 0; left.kind === 'link' && steps < 2; steps += 1) {
    const unit = units[left.unit];
    // A word that may name a value ("open": a status, though also the opened_at column) or a state
    // ("active", "discontinued": a yes/no column) may stand between.
    if (unit?.kind !== 'link' || !(unit.state === true || unit.links.some((link) => link.target.kind === 'segment' || link.target.kind === 'value'))) return undefined;
    left = contexts[left.unit].left;
    if (left.kind === 'of' && left.unit >= 0) left = contexts[left.unit].left;
  }
  return left.kind === kind ? left.unit : undefined;
}

/**
 * "per country and segment", "by region, city and year": a name listed after another that a
 * grouping word governs is grouped by it too. The index of that group cue, reached from the unit
 * through names joined by "and" or commas; undefined when there is none.
 */
export function listGroupCue(units: readonly Unit[], contexts: readonly UnitContext[], index: number): number | undefined {
  let left = contexts[index].left;
  for (let steps = 0; (left.kind === 'and' || left.kind === 'comma') && steps < 4; steps += 1) {
    const named = contexts[left.unit]?.left;
    if (!named || units[named.unit]?.kind !== 'link') return undefined;
    left = contexts[named.unit].left;
    if (left.kind === 'group') return left.unit;
  }
  return undefined;
}

/** "revenue by year and category": a time grain said right before "and" (or a comma) heads a list of groups; the index of its unit. */
export function listGrainHead(units: readonly Unit[], contexts: readonly UnitContext[], index: number): number | undefined {
  const left = contexts[index].left;
  if (left.kind !== 'and' && left.kind !== 'comma') return undefined;
  const named = contexts[left.unit]?.left;
  const unit = named === undefined ? undefined : units[named.unit];
  return unit?.kind === 'cue' && unit.cue.kind === 'grain' && named !== undefined && named.between.length === 0 ? named.unit : undefined;
}

/** A cue that may stand in a list of aggregates: an aggregate word, or a superlative of no length that names no count. */
function listable(cue: Cue | undefined): boolean {
  if (cue?.kind === 'aggregate') return true;
  return cue?.kind === 'superlative' && cue.limit === undefined && !cue.several && !cue.counting && cue.concept !== 'date' && cue.concept !== 'frequency';
}

/** The aggregate a listed cue takes: a superlative the maximum or the minimum, by its direction. */
export function listedAggregate(cue: Cue): 'sum' | 'avg' | 'min' | 'max' | undefined {
  if (cue.kind === 'aggregate') return cue.aggregate;
  if (cue.kind === 'superlative' && listable(cue)) return cue.direction === 'desc' ? 'max' : 'min';
  return undefined;
}

/**
 * "the maximum, average and total", "the average and largest salary", "the highest and lowest
 * prices": aggregate words (and superlatives, when listed with another) right before a unit, each
 * an aggregate of it. The cue units, first to last, and the separators between them; empty when
 * the unit right before is none, or when a superlative stands alone (it ranks). `cueOf`: the cue a
 * unit is read as (a reading may read a cue's words as a name instead).
 */
export function aggregateList(units: readonly Unit[], cueIndex: number, cueOf = (index: number) => (units[index]?.kind === 'cue' ? (units[index] as { cue: Cue }).cue : undefined)): { readonly cues: readonly number[]; readonly separators: readonly number[] } {
  const cues: number[] = [];
  const separators: number[] = [];
  let index = cueIndex;
  while (index >= 0 && listable(cueOf(index))) {
    cues.unshift(index);
    const between: number[] = [];
    let before = index - 1;
    while (before >= 0 && units[before].kind === 'word' && ['and', ',', 'or'].includes((units[before] as { token: { lower: string } }).token.lower)) between.push(before--);
    if (between.length === 0 || !listable(cueOf(before))) break;
    separators.push(...between);
    index = before;
  }
  const superlatives = cues.some((index) => cueOf(index)?.kind === 'superlative');
  return superlatives && cues.length < 2 ? { cues: [], separators: [] } : { cues, separators };
}

function side(units: readonly Unit[], index: number, step: 1 | -1): Side {
  const between: string[] = [];
  for (let position = index + step; position >= 0 && position < units.length; position += step) {
    const unit = units[position];
    if (unit.kind === 'word') {
      const lemma = unit.token.lemma;
      const kind = WORD_KINDS.get(unit.token.lower) ?? WORD_KINDS.get(lemma);
      // Words that link phrases ("of", "who", "'s") are the context; determiners and auxiliaries are passed over.
      const linking = kind === 'of' || kind === 'relative' || kind === 'possessive';
      if (!linking && (TRANSPARENT.has(unit.token.lower) || TRANSPARENT.has(lemma) || unit.token.pos === 'DET' || kind === 'copula')) {
        between.push(lemma);
        continue;
      }
      // "a shipping cost of more than 100": "of" before a comparison joins it to what it compares.
      const after = units[position + 1];
      if (kind === 'of' && after?.kind === 'cue' && after.cue.kind === 'compare') {
        between.push(lemma);
        continue;
      }
      // "kinds of products": the kinds are the products.
      if (KIND_NOUNS.has(lemma) && step === 1 && units[position + 1]?.kind === 'word' && (units[position + 1] as { token: { lower: string } }).token.lower === 'of') {
        between.push(lemma, 'of');
        position += step;
        continue;
      }
      // "names which contain 'a'", "a price that is over 100": a relative word before a comparison or pattern.
      if (kind === 'relative' && step === 1 && isComparisonAhead(units, position)) {
        between.push(lemma);
        continue;
      }
      return { unit: position, kind: kind ?? (unit.token.pos === 'VERB' ? 'verb' : 'word'), between };
    }
    if (unit.kind === 'cue' && unit.cue.kind === 'quantifier' && ['all', 'any', 'some', 'every', 'only'].includes(unit.cue.quantifier)) {
      between.push(unit.cue.quantifier);
      continue;
    }
    // "how many different cities": distinctness qualifies what follows, it does not govern it.
    if (unit.kind === 'cue' && unit.cue.kind === 'distinct') {
      between.push('distinct');
      continue;
    }
    return { unit: position, kind: unitKind(unit), between, ...(unit.kind === 'cue' ? { cue: unit.cue } : {}) };
  }
  return { unit: -1, kind: step === -1 ? 'start' : 'end', between };
}

const KIND_NOUNS = new Set(['type', 'kind', 'sort', 'variety']);

function isComparisonAhead(units: readonly Unit[], position: number): boolean {
  for (let index = position + 1; index < units.length; index += 1) {
    const unit = units[index];
    if (unit.kind === 'cue') return unit.cue.kind === 'compare' || unit.cue.kind === 'contains';
    if (unit.kind !== 'word' || !['is', 'are', 'was', 'were', 'be', 'has', 'have', 'does', 'do'].includes(unit.token.lower)) return false;
  }
  return false;
}

function unitKind(unit: Unit): ContextKind {
  switch (unit.kind) {
    case 'period': return 'period';
    case 'number': return 'number';
    case 'quoted': return 'quoted';
    case 'link': return 'link';
    case 'word': return 'word';
    case 'cue': return unit.cue.kind;
  }
}
