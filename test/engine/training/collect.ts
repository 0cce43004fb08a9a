/**
 * Labelled candidates for training: every question of a set is read with a wide beam, and each
 * proposed reading is run against its database and compared with the gold rows. Verdicts are
 * cached on disk by question and statement, so a new round only runs the statements it has not seen.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { compareRows } from '../accuracy/compare-rows.ts';
import { groupByDatabase, openSpiderDatabase, type SpiderQuestion } from '../accuracy/spider-set.ts';
import type { Model } from '../../../src/engine/readings/model.ts';
import { readQuestion } from '../../../src/engine/readings/read-question.ts';
import { carriesMeaning } from '../../../src/engine/readings/word-classes.ts';
import type { LabelledQuestion } from './fit-weights.ts';
import { shapeAnswer } from '../../../src/render/answer-rows.ts';

export interface CollectOptions {
  readonly model: Model;
  readonly beam: number;
  readonly keep: number;
  /** Readings run per question, best first. */
  readonly run: number;
  readonly postgresUrl?: string;
  readonly cachePath: string;
  readonly now: Date;
  readonly progress?: (database: string, done: number, total: number) => void;
}

export async function collectLabels(questions: readonly SpiderQuestion[], options: CollectOptions): Promise<LabelledQuestion[]> {
  const cache = loadCache(options.cachePath);
  const labelled: LabelledQuestion[] = [];
  const byDatabase = groupByDatabase(questions);
  let done = 0;
  for (const [database, list] of byDatabase) {
    const db = await openSpiderDatabase(database, options.postgresUrl);
    try {
      for (const question of list) {
        const readings = readQuestion(question.question, db.catalog, db.values, options.model, { beam: options.beam, keep: options.keep, now: options.now });
        const candidates = [];
        for (const candidate of readings.candidates.slice(0, options.run)) {
          let correct = false;
          try {
            const compiled = db.connector.compile(candidate.planned.query, db.catalog);
            const key = `${question.id}|${compiled.text}|${JSON.stringify(compiled.params)}|${JSON.stringify([candidate.planned.query.pivot ?? null, candidate.planned.query.showFrom ?? null])}`;
            const cached = cache.get(key);
            if (cached !== undefined) correct = cached;
            else {
              const rows = shapeAnswer(candidate.planned.query, await db.connector.execute(compiled, { timeoutMs: 10_000, maxRows: 100_000 })).result.rows;
              correct = compareRows(rows, question.gold.rows, question.order_matters).correct;
              cache.set(key, correct);
            }
          } catch {
            correct = false;
          }
          candidates.push({ features: candidate.features, correct, core: candidate.core, blocked: candidate.unusedWords.some((index) => carriesMeaning(readings.tokens[index])) });
        }
        labelled.push({ id: question.id, database, candidates });
      }
    } finally {
      await db.connector.close();
    }
    done += 1;
    options.progress?.(database, done, byDatabase.size);
  }
  saveCache(options.cachePath, cache);
  return labelled;
}

function loadCache(path: string): Map<string, boolean> {
  if (!existsSync(path)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(path, 'utf8')) as Record<string, boolean>));
}

function saveCache(path: string, cache: ReadonlyMap<string, boolean>): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(Object.fromEntries(cache)));
}
