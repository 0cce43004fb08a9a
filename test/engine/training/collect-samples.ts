/**
 * Labelled candidates from a sample question set (the business questions Spider lacks: metrics,
 * segments, periods, time series): each question is read with a wide beam on its sample's catalog
 * and semantic layer, and each proposed reading is run and compared with the gold rows. An expected
 * decline has no right reading, so declining is right.
 */
import type { Model } from '../../../src/engine/readings/model.ts';
import { carriesMeaning } from '../../../src/engine/readings/word-classes.ts';
import { readQuestion } from '../../../src/engine/readings/read-question.ts';
import { compareRows } from '../accuracy/compare-rows.ts';
import { openQuestionSource, runSql, type SampleQuestion } from '../accuracy/evaluate-samples.ts';
import type { LabelledQuestion } from './fit-weights.ts';
import { shapeAnswer } from '../../../src/render/answer-rows.ts';

export interface SampleCollectOptions {
  readonly model: Model;
  readonly beam: number;
  readonly keep: number;
  readonly run: number;
  readonly samplesDir: string;
  readonly now: Date;
}

export async function collectSampleLabels(questions: readonly SampleQuestion[], options: SampleCollectOptions): Promise<LabelledQuestion[]> {
  const labelled: LabelledQuestion[] = [];
  for (const dataset of [...new Set(questions.map((question) => question.dataset))]) {
    const { connector, catalog, values } = await openQuestionSource(options.samplesDir, dataset, options.now);
    try {
      for (const question of questions.filter((entry) => entry.dataset === dataset)) {
        const gold = question.expect === 'decline' ? undefined : (await runSql(connector, question.sql)).rows;
        const readings = readQuestion(question.question, catalog, values, options.model, { beam: options.beam, keep: options.keep, now: options.now });
        const candidates = [];
        for (const candidate of readings.candidates.slice(0, options.run)) {
          let correct = false;
          if (gold) {
            try {
              const rows = shapeAnswer(candidate.planned.query, await connector.execute(connector.compile(candidate.planned.query, catalog), { timeoutMs: 10_000, maxRows: 100_000 })).result.rows;
              correct = compareRows(rows, gold, question.orderMatters).correct;
            } catch {
              correct = false;
            }
          }
          candidates.push({ features: candidate.features, correct, core: candidate.core, blocked: candidate.unusedWords.some((index) => carriesMeaning(readings.tokens[index])) });
        }
        labelled.push({ id: question.id, database: `sample:${dataset}`, candidates });
      }
    } finally {
      await connector.close();
    }
  }
  return labelled;
}
