/**
 * Execution accuracy of the built-in engine on a sample-dataset question set
 * (test/engine/questions/samples.json by default, another with --set NAME): prints
 * precision (correct / answered), coverage (answered / asked), accuracy per category, and every
 * wrong answer with the engine's SQL and the first rows of both sides. Wrong answers come first: a wrong answer is worse than a decline.
 *
 * Run: npm run bench:samples [-- --set samples|samples-v2|samples-v3|constructs-v1|shares-v1|business-v1|counts-v1|codes-v1|sets-v1] [-- --declined] [-- --id w012 --id s040] [-- --dataset saas]
 * Archives are read from (or built into) QUERENT_SAMPLES_DIR, default .tmp/samples.
 */
import { parseArgs } from 'node:util';
import {
  evaluateSampleQuestions,
  loadSampleQuestions,
  QUESTION_SETS,
  scoreOf,
  scoresByCategory,
  type Outcome,
  type Score,
} from '../test/engine/accuracy/evaluate-samples.ts';

const { values: options } = parseArgs({
  options: {
    set: { type: 'string', default: 'samples' },
    declined: { type: 'boolean', default: false },
    id: { type: 'string', multiple: true },
    dataset: { type: 'string' },
    rows: { type: 'string', default: '5' },
  },
});

const samplesDir = process.env.QUERENT_SAMPLES_DIR ?? new URL('../.tmp/samples', import.meta.url).pathname;
const shownRows = Number(options.rows);
const setPath = QUESTION_SETS[options.set];
if (setPath === undefined) throw new TypeError(`Unknown question set ${options.set}; expected one of ${Object.keys(QUESTION_SETS).join(', ')}`);
const questions = loadSampleQuestions(setPath).filter(
  (question) => (options.id === undefined || options.id.includes(question.id)) && (options.dataset === undefined || question.dataset === options.dataset),
);

const started = performance.now();
const outcomes = await evaluateSampleQuestions(questions, { samplesDir });
const seconds = (performance.now() - started) / 1000;

const percent = (value: number): string => `${(100 * value).toFixed(1)}%`.padStart(6);
const line = (label: string, score: Score): string =>
  `${label.padEnd(16)} asked ${String(score.asked).padStart(3)}  answered ${String(score.answered).padStart(3)}  correct ${String(score.correct).padStart(3)}  ` +
  `precision ${percent(score.precision)}  coverage ${percent(score.coverage)}  accuracy ${percent(score.asked === 0 ? 0 : score.correct / score.asked)}`;
const rowsText = (rows: readonly (readonly unknown[])[] | undefined): string =>
  rows === undefined ? '—' : `${rows.length} row(s) ${JSON.stringify(rows.slice(0, shownRows))}${rows.length > shownRows ? ' …' : ''}`;

const wrong = outcomes.filter((outcome) => outcome.status === 'wrong' || outcome.status === 'failed');
if (wrong.length > 0) {
  console.log(`\nWRONG ANSWERS (${wrong.length})`);
  for (const outcome of wrong) printOutcome(outcome);
}
if (options.declined) {
  const declined = outcomes.filter((outcome) => outcome.status === 'declined');
  console.log(`\nDECLINED (${declined.length})`);
  for (const outcome of declined) console.log(`  ${outcome.question.id} [${outcome.question.category}] ${outcome.question.question}\n      reason: ${outcome.reason}`);
}

console.log(`\nSample accuracy, ${options.set} (${questions.length} questions, ${seconds.toFixed(1)} s)`);
console.log(line('all', scoreOf(outcomes)));
for (const dataset of ['wholesale', 'saas', 'fieldservice', 'fleet']) {
  const subset = outcomes.filter((outcome) => outcome.question.dataset === dataset);
  if (subset.length > 0) console.log(line(dataset, scoreOf(subset)));
}
console.log('');
for (const [category, score] of scoresByCategory(outcomes)) console.log(line(category, score));

function printOutcome(outcome: Outcome): void {
  const { question } = outcome;
  console.log(`\n  ${question.id} [${question.category}] ${question.question}${outcome.status === 'failed' ? '  (FAILED TO RUN)' : ''}`);
  if (outcome.reason !== undefined) console.log(`    engine: ${outcome.reason}`);
  if (question.expect === 'decline') return;
  console.log(`    engine SQL: ${outcome.engineSql ?? '—'}`);
  console.log(`    gold SQL:   ${question.sql}`);
  console.log(`    engine rows: ${rowsText(outcome.engineRows)}`);
  console.log(`    gold rows:   ${rowsText(outcome.goldRows)}`);
}
