/**
 * Verified questions: questions of the semantic layer whose answer the data owner has checked (the
 * samples ship theirs; a test checks each one's rows against hand-written SQL). They vouch for a
 * reading, not for a wording: a question whose best reading is a verified question's reading gives
 * the same rows, so it is answered even when the confidence model, fitted on schemas without a
 * semantic layer, would decline it. Each is read on the day it is asked about, so that periods
 * ("last quarter") compare on the same dates.
 */
import type { Catalog, ColumnValues } from '../../connectors/catalog.ts';
import { knowledgeCache } from '../knowledge-cache.ts';
import { droppedWords } from './decide.ts';
import type { Candidate } from './enumerate.ts';
import type { Model } from './model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from './read-question.ts';

/** The core of each verified question's reading (see Candidate.core), with the question. */
export type VerifiedReadings = ReadonlyMap<string, string>;

const NONE: VerifiedReadings = new Map();

const byDay = knowledgeCache<{ day: string; readings: VerifiedReadings }>();

export function verifiedReadings(catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): VerifiedReadings {
  const questions = catalog.verifiedQuestions ?? [];
  if (questions.length === 0) return NONE;
  const day = now.toISOString().slice(0, 10);
  const known = byDay(catalog, values, model, () => ({ day: '', readings: NONE }));
  if (known.day === day) return known.readings;
  const readings = new Map<string, string>();
  for (const question of questions) {
    const core = verifiedReading(question, catalog, values, model, now)?.core;
    if (core !== undefined && !readings.has(core)) readings.set(core, question);
  }
  Object.assign(known, { day, readings });
  return readings;
}

/** A verified question's best reading, the one it vouches for; none when it leaves a meaningful word unread. */
export function verifiedReading(question: string, catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): Candidate | undefined {
  const { candidates, tokens } = readQuestion(question, catalog, values, model, { ...DEFAULT_READ_OPTIONS, now });
  const best = candidates[0];
  return best && droppedWords(best, tokens).length === 0 ? best : undefined;
}
