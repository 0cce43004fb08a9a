/**
 * Cuts the question into units, left to right: periods, cues, linked spans, numbers, quoted
 * strings and plain words. Where a cue's words also name something in the data ("average" as a
 * column, "count" as a column), the unit keeps both readings and readings choose.
 */
import type { Cue } from '../question/cues.ts';
import type { Period } from '../question/periods.ts';
import type { Token } from '../question/tokens.ts';
import { isStateWord, type Link } from './links.ts';

export type Unit =
  | { readonly kind: 'period'; readonly start: number; readonly end: number; readonly period: Period }
  | { readonly kind: 'cue'; readonly start: number; readonly end: number; readonly cue: Cue; readonly links: readonly Link[] }
  /** `state`: one adjective or participle ("active", "discontinued") that may say a state of the rows after it. */
  | { readonly kind: 'link'; readonly start: number; readonly end: number; readonly links: readonly Link[]; readonly state?: boolean }
  | { readonly kind: 'number'; readonly start: number; readonly end: number; readonly value: number; readonly token: Token }
  /** Quoted text, or (`capitals`) a run of capitalised words that names nothing known ("Harbor Logistics"). */
  | { readonly kind: 'quoted'; readonly start: number; readonly end: number; readonly text: string; readonly links: readonly Link[]; readonly capitals?: boolean }
  | { readonly kind: 'word'; readonly start: number; readonly end: number; readonly token: Token };

export function cutUnits(tokens: readonly Token[], periods: readonly Period[], cues: readonly Cue[], links: readonly Link[]): Unit[] {
  const periodAt = new Map(periods.map((period) => [period.tokenStart, period]));
  const inPeriod = new Set<number>();
  for (const period of periods) for (let index = period.tokenStart; index < period.tokenEnd; index += 1) inPeriod.add(index);
  const cueAt = new Map<number, Cue>();
  for (const cue of cues) {
    if (overlaps(cue.start, cue.end, inPeriod)) continue;
    const existing = cueAt.get(cue.start);
    if (!existing || existing.end < cue.end) cueAt.set(cue.start, cue);
  }
  const linksAt = new Map<number, Link[]>();
  for (const link of links) {
    if (overlaps(link.start, link.end, inPeriod)) continue;
    linksAt.set(link.start, [...(linksAt.get(link.start) ?? []), link]);
  }
  const units: Unit[] = [];
  let index = 0;
  while (index < tokens.length) {
    const period = periodAt.get(index);
    if (period) {
      units.push({ kind: 'period', start: index, end: period.tokenEnd, period });
      index = period.tokenEnd;
      continue;
    }
    const token = tokens[index];
    const cue = cueAt.get(index);
    const starting = linksAt.get(index) ?? [];
    const longest = starting.reduce((best, link) => Math.max(best, link.end), index);
    if (token.kind === 'quoted') {
      units.push({ kind: 'quoted', start: index, end: index + 1, text: token.text, links: starting });
      index += 1;
      continue;
    }
    // A cue word that starts a phrase ("total amount") yields to a phrase after it that reaches
    // further ("total" + "amount due"): every word keeps a meaning either way, and the cue its own.
    const beyond = cue && cue.end < longest ? (linksAt.get(cue.end) ?? []).some((link) => link.end > longest) : false;
    if (cue && (cue.end >= longest || beyond)) {
      units.push({ kind: 'cue', start: index, end: cue.end, cue, links: starting.filter((link) => link.end === cue.end) });
      index = cue.end;
      continue;
    }
    if (longest > index) {
      const state = longest === index + 1 && isStateWord(tokens[index]);
      units.push({ kind: 'link', start: index, end: longest, links: starting.filter((link) => link.end === longest), ...(state ? { state } : {}) });
      index = longest;
      continue;
    }
    if (token.kind === 'number' && token.value !== undefined) {
      units.push({ kind: 'number', start: index, end: index + 1, value: token.value, token });
      index += 1;
      continue;
    }
    const capitals = capitalisedRun(tokens, index, cueAt, linksAt);
    if (capitals > index) {
      units.push({ kind: 'quoted', start: index, end: capitals, text: tokens.slice(index, capitals).map((word) => word.text).join(' '), links: [], capitals: true });
      index = capitals;
      continue;
    }
    units.push({ kind: 'word', start: index, end: index + 1, token });
    index += 1;
  }
  return units;
}

/** The end of a run of capitalised proper nouns starting at `start` that nothing else claims, or `start`. */
function capitalisedRun(tokens: readonly Token[], start: number, cueAt: ReadonlyMap<number, Cue>, linksAt: ReadonlyMap<number, Link[]>): number {
  let end = start;
  while (end < tokens.length && tokens[end].capitalised && tokens[end].pos === 'PROPN' && !cueAt.has(end) && !linksAt.has(end)) end += 1;
  return end;
}

function overlaps(start: number, end: number, taken: ReadonlySet<number>): boolean {
  for (let index = start; index < end; index += 1) if (taken.has(index)) return true;
  return false;
}

/** The one entity a linked span names ("customers"), whatever else it may name; undefined when none or several. */
export function soleEntity(unit: Unit | undefined): string | undefined {
  const entities = unit?.kind === 'link' ? unit.links.flatMap((link) => (link.target.kind === 'entity' ? [link.target.entity] : [])) : [];
  return entities.length === 1 ? entities[0] : undefined;
}
