/**
 * Runs the question set over the sample datasets through the real pipeline — the built-in engine
 * on the PGlite connector's catalog and value index, then the connector's compiler and client — and
 * scores each answer against the rows of its gold SQL (see `compare-rows.ts` for the rule).
 *
 * Scoring:
 * - an answered question is correct when its rows match the gold rows; a plan that fails to
 *   compile or run counts as answered and wrong (the asker sees an error, not a decline);
 * - a question marked `expect: "decline"` is correct when the engine declines it and wrong when it
 *   answers; it counts as answered either way, since declining it *is* the right answer;
 * - precision = correct / answered, coverage = answered / asked.
 */
import { readFileSync } from 'node:fs';
import type { Connector, ResultTable } from '../../../src/connectors/connector.ts';
import { createPgliteConnector } from '../../../src/connectors/postgres/postgres-connector.ts';
import { createBuiltinEngine } from '../../../src/engine/builtin-engine.ts';
import { rowsOnConnection } from '../../../src/runs/rows-of.ts';
import { shapeAnswer } from '../../../src/render/answer-rows.ts';
import { describeTie, findTiedCut } from '../../../src/runs/tied-cut.ts';
import type { Model } from '../../../src/engine/readings/model.ts';
import { withSemantics } from '../../../src/services/sample-connectors.ts';
import { openSampleDatabase, type SampleSlug } from '../../../src/samples/sample-datasets.ts';
import { loadSource, type ConnectorSource } from '../../support/connector-source.ts';
import { isConstructsSlug, type ConstructsSlug } from '../fixtures/constructs/constructs-datasets.ts';
import { compareRows, type Row } from './compare-rows.ts';
import { openConstructsSource } from './constructs-source.ts';

export interface SampleQuestion {
  readonly id: string;
  /** A sample dataset, or one of the constructs schemas (constructs-v1.json and business-v1.json). */
  readonly dataset: SampleSlug | ConstructsSlug;
  readonly category: string;
  readonly question: string;
  /** Gold SQL for PostgreSQL; relative periods use CURRENT_DATE. Empty for expected declines. */
  readonly sql: string;
  /** True when the question asks for an order (rankings, "most recent", time series). */
  readonly orderMatters: boolean;
  readonly expect?: 'decline';
}

export type OutcomeStatus = 'correct' | 'wrong' | 'declined' | 'failed';

export interface Outcome {
  readonly question: SampleQuestion;
  /** correct / wrong (rows differ, or answered a question it should decline) / declined / failed (plan did not compile or run). */
  readonly status: OutcomeStatus;
  readonly engineSql?: string;
  readonly engineRows?: readonly Row[];
  readonly goldRows?: readonly Row[];
  /** Why it was declined, or the error of a failed plan. */
  readonly reason?: string;
  /** The engine's confidence in an answered question. */
  readonly confidence?: number;
}

export const QUESTIONS_PATH = new URL('../questions/samples.json', import.meta.url);
/** The frozen set, written before the engine ran on it (see ../questions/README.md). */
export const SAMPLES_V2_PATH = new URL('../questions/samples-v2.json', import.meta.url);
/** The next frozen set, written and its gold checked before the engine ran on it (see ../questions/README.md). */
export const SAMPLES_V3_PATH = new URL('../questions/samples-v3.json', import.meta.url);
/**
 * The frozen constructs set (semi- and anti-joins, nested aggregates, per-group rankings and shares,
 * period over period, sets, complete periods, metrics) over the samples and the two constructs
 * schemas; written and its gold checked before the engine ran on it (see ../questions/README.md).
 */
export const CONSTRUCTS_V1_PATH = new URL('../questions/constructs-v1.json', import.meta.url);
/** Shares of rows ("what percentage of orders were returned"), written before the engine could read them (see ../questions/README.md). */
export const SHARES_V1_PATH = new URL('../questions/shares-v1.json', import.meta.url);
/** Everyday business questions on the two constructs schemas, written and its gold checked before the engine ran on it (see ../questions/README.md). */
export const BUSINESS_V1_PATH = new URL('../questions/business-v1.json', import.meta.url);
/** Counts of occurrences ("how many times", "more than 120 times") and "times" as a multiple, written before the engine could read them (see ../questions/README.md). */
export const COUNTS_V1_PATH = new URL('../questions/counts-v1.json', import.meta.url);
/** Codes a column's comment explains ("ACC accident", "OPN open (unpaid)") on the fleet schema, written before the engine could read them (see ../questions/README.md). */
export const CODES_V1_PATH = new URL('../questions/codes-v1.json', import.meta.url);
/** Set questions over related rows ("ordered in 2025 but not in 2026", "both Billing and Bug tickets"), written before the engine could read the period forms (see ../questions/README.md). */
export const SETS_V1_PATH = new URL('../questions/sets-v1.json', import.meta.url);

/** The question sets by name, as `--set` takes them. */
export const QUESTION_SETS: Readonly<Record<string, URL>> = {
  samples: QUESTIONS_PATH,
  'samples-v2': SAMPLES_V2_PATH,
  'samples-v3': SAMPLES_V3_PATH,
  'constructs-v1': CONSTRUCTS_V1_PATH,
  'shares-v1': SHARES_V1_PATH,
  'business-v1': BUSINESS_V1_PATH,
  'counts-v1': COUNTS_V1_PATH,
  'codes-v1': CODES_V1_PATH,
  'sets-v1': SETS_V1_PATH,
};

export function loadSampleQuestions(path: URL = QUESTIONS_PATH): SampleQuestion[] {
  return JSON.parse(readFileSync(path, 'utf8')) as SampleQuestion[];
}

export interface EvaluateOptions {
  /** Where the sample archives live (built there when missing). */
  readonly samplesDir: string;
  /** "Now" for the engine; the gold SQL uses the database's CURRENT_DATE. Default: the current time. */
  readonly now?: Date;
  /** The engine's model; default the shipped one. */
  readonly model?: Model;
}

/** Rows a result may hold; generous so that a wrong, unbounded list is compared rather than cut. */
const MAX_ROWS = 100_000;

/** A sample dataset as the service serves it (with its semantic layer), its catalog and values; the caller closes the connector. */
export async function openSampleSource(samplesDir: string, dataset: SampleSlug, now: Date): Promise<ConnectorSource> {
  const db = await openSampleDatabase(samplesDir, dataset, { anchor: now });
  return loadSource(withSemantics(createPgliteConnector(db, { maxRows: MAX_ROWS, closeDatabase: true }), dataset));
}

/** The source a question's dataset names: a sample (with its semantic layer) or a constructs schema. */
export function openQuestionSource(samplesDir: string, dataset: SampleSlug | ConstructsSlug, now: Date): Promise<ConnectorSource> {
  return isConstructsSlug(dataset) ? openConstructsSource(dataset, now) : openSampleSource(samplesDir, dataset, now);
}

export async function evaluateSampleQuestions(questions: readonly SampleQuestion[], options: EvaluateOptions): Promise<Outcome[]> {
  const engine = createBuiltinEngine(options.model);
  const now = options.now ?? new Date();
  const outcomes: Outcome[] = [];
  for (const dataset of [...new Set(questions.map((question) => question.dataset))]) {
    const { connector, catalog, values } = await openQuestionSource(options.samplesDir, dataset, now);
    try {
      for (const question of questions.filter((entry) => entry.dataset === dataset)) {
        const plan = await engine.plan(question.question, { catalog, values, now, rowsOf: rowsOnConnection(connector, catalog, { maxRows: MAX_ROWS }) });
        if (!plan.ok) {
          outcomes.push({ question, status: question.expect === 'decline' ? 'correct' : 'declined', reason: plan.reason });
          continue;
        }
        let engineSql: string | undefined;
        try {
          const compiled = connector.compile(plan.query, catalog);
          engineSql = compiled.text;
          const executed = await connector.execute(compiled);
          // As a run does: a limit that cuts through tied rows is declined, not answered.
          const tie = await findTiedCut(connector, plan.query, catalog, executed, {});
          if (tie) {
            outcomes.push({ question, status: question.expect === 'decline' ? 'correct' : 'declined', reason: describeTie(tie) });
            continue;
          }
          if (question.expect === 'decline') {
            outcomes.push({ question, status: 'wrong', reason: `answered: ${plan.interpretation}`, confidence: plan.confidence });
            continue;
          }
          const gold = await runSql(connector, question.sql);
          const answer = shapeAnswer(plan.query, executed).result;
          const { correct } = compareRows(answer.rows, gold.rows, question.orderMatters);
          outcomes.push({ question, status: correct ? 'correct' : 'wrong', engineSql, engineRows: answer.rows, goldRows: gold.rows, reason: plan.interpretation, confidence: plan.confidence });
        } catch (error) {
          const gold = question.expect === 'decline' ? undefined : await runSql(connector, question.sql);
          outcomes.push({ question, status: 'failed', ...(engineSql === undefined ? {} : { engineSql }), ...(gold ? { goldRows: gold.rows } : {}), reason: (error as Error).message, confidence: plan.confidence });
        }
      }
    } finally {
      await connector.close();
    }
  }
  return outcomes;
}

/** Runs gold SQL through the same client and decoding as the engine's SQL, so values compare like for like. */
export function runSql(connector: Connector, sql: string): Promise<ResultTable> {
  return connector.execute({ language: 'sql', dialect: 'postgresql', text: sql, params: [] });
}

export interface Score {
  readonly asked: number;
  readonly answered: number;
  readonly correct: number;
  /** correct / answered, 0 to 1 (1 when nothing was answered). */
  readonly precision: number;
  /** answered / asked, 0 to 1. */
  readonly coverage: number;
}

export function scoreOf(outcomes: readonly Outcome[]): Score {
  const asked = outcomes.length;
  const answered = outcomes.filter((outcome) => outcome.status !== 'declined').length;
  const correct = outcomes.filter((outcome) => outcome.status === 'correct').length;
  return { asked, answered, correct, precision: answered === 0 ? 1 : correct / answered, coverage: asked === 0 ? 0 : answered / asked };
}

/** Scores per category, in the order categories first appear. */
export function scoresByCategory(outcomes: readonly Outcome[]): Map<string, Score> {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) groups.set(outcome.question.category, [...(groups.get(outcome.question.category) ?? []), outcome]);
  return new Map([...groups].map(([category, list]) => [category, scoreOf(list)]));
}
