/**
 * Verified questions: questions of the semantic layer whose answer the data owner has checked (the
 * samples ship theirs; a test checks each one's rows against hand-written SQL). They vouch for a
 * reading, not for a wording: a question whose best reading is a verified question's reading gives
 * the same rows, so it is answered even when the confidence model, fitted on schemas without a
 * semantic layer, would decline it. Each is read on the day it is asked about, so that periods
 * ("last quarter") compare on the same dates.
 */
import type { Catalog, ColumnValues } from '../../connectors/catalog.ts';
import { MEANINGFUL_POS } from './decide.ts';
import type { Model } from './model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from './read-question.ts';

/** The core of each verified question's reading (see Candidate.core), with the question. */
export type VerifiedReadings = ReadonlyMap<string, string>;

const NONE: VerifiedReadings = new Map();

const cache = new WeakMap<Catalog, WeakMap<readonly ColumnValues[], WeakMap<Model, { day: string; readings: VerifiedReadings }>>>();

export function verifiedReadings(catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): VerifiedReadings {
  const questions = catalog.verifiedQuestions ?? [];
  if (questions.length === 0) return NONE;
  const day = now.toISOString().slice(0, 10);
  let byValues = cache.get(catalog);
  if (!byValues) cache.set(catalog, (byValues = new WeakMap()));
  let byModel = byValues.get(values);
  if (!byModel) byValues.set(values, (byModel = new WeakMap()));
  const known = byModel.get(model);
  if (known?.day === day) return known.readings;
  const readings = new Map<string, string>();
  for (const question of questions) {
    const core = readingOf(question, catalog, values, model, now);
    if (core !== undefined && !readings.has(core)) readings.set(core, question);
  }
  byModel.set(model, { day, readings });
  return readings;
}

/** The core of a verified question's best reading; none when it leaves a meaningful word unread. */
export function readingOf(question: string, catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): string | undefined {
  const { candidates, tokens } = readQuestion(question, catalog, values, model, { ...DEFAULT_READ_OPTIONS, now });
  const best = candidates[0];
  if (!best || best.unusedWords.some((index) => MEANINGFUL_POS.has(tokens[index].pos))) return undefined;
  return best.core;
}
