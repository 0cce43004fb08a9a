/**
 * Development view of the readings on the fit split: for each question, the scored readings, which
 * of them give the gold rows (by running them), and where the right one ranks.
 *
 * Run: node test/engine/tools/readings-dev.ts --pg postgresql://postgres@127.0.0.1:5432/postgres [--db name …] [--limit N] [--show wrong|miss|all]
 */
import { parseArgs } from 'node:util';
import { compareRows } from '../accuracy/compare-rows.ts';
import { groupByDatabase, loadSpiderQuestions, openSpiderDatabase } from '../accuracy/spider-set.ts';
import { readQuestion, DEFAULT_READ_OPTIONS } from '../../../src/engine/readings/read-question.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';

const { values: options } = parseArgs({
  options: {
    pg: { type: 'string' },
    db: { type: 'string', multiple: true },
    limit: { type: 'string' },
    show: { type: 'string' },
    top: { type: 'string', default: '8' },
    sample: { type: 'string' },
    flat: { type: 'boolean', default: false },
  },
});
const model = shippedModel();
let questions = loadSpiderQuestions('fit').filter((question) => !options.db || options.db.includes(question.db_id))
  .filter((question) => !options.flat || !/\b(EXCEPT|UNION|INTERSECT)\b|\(\s*SELECT/i.test(question.sql));
if (options.sample) {
  // A reproducible sample: every k-th question.
  const step = Math.max(1, Math.floor(questions.length / Number(options.sample)));
  questions = questions.filter((_, index) => index % step === 0);
}
questions = questions.slice(0, options.limit ? Number(options.limit) : undefined);
const tally = { asked: 0, generated: 0, top1: 0, oracle: 0, failed: 0 };
const started = performance.now();
for (const [database, list] of groupByDatabase(questions)) {
  const db = await openSpiderDatabase(database, options.pg);
  for (const question of list) {
    tally.asked += 1;
    const result = readQuestion(question.question, db.catalog, db.values, model, { ...DEFAULT_READ_OPTIONS, now: new Date('2025-01-01T00:00:00Z') });
    const verdicts: boolean[] = [];
    for (const candidate of result.candidates.slice(0, Number(options.top))) {
      try {
        const rows = (await db.connector.execute(db.connector.compile(candidate.planned.query, db.catalog))).rows;
        verdicts.push(compareRows(rows, question.gold.rows, question.order_matters).correct);
      } catch (error) {
        verdicts.push(false);
        tally.failed += 1;
        if (options.show) console.log(`  FAILED ${(error as Error).message}: ${JSON.stringify(candidate.planned.query)}`);
      }
    }
    if (result.candidates.length > 0) tally.generated += 1;
    if (verdicts[0]) tally.top1 += 1;
    if (verdicts.includes(true)) tally.oracle += 1;
    const show = options.show === 'all' || (options.show === 'wrong' && result.candidates.length > 0 && !verdicts[0]) || (options.show === 'miss' && !verdicts.includes(true));
    if (show) {
      console.log(`\n${question.id} [${database}] ${question.question}\n  gold: ${question.sql}`);
      console.log(`  tokens: ${result.units.map((unit) => `[${result.tokens.slice(unit.start, unit.end).map((token) => token.text).join(' ')}:${unit.kind === 'cue' ? unit.cue.kind : unit.kind}]`).join(' ')}`);
      result.candidates.slice(0, 4).forEach((candidate, index) => {
        let sql: string;
        try {
          sql = db.connector.compile(candidate.planned.query, db.catalog).text.replace(/\s+/g, ' ');
        } catch (error) {
          sql = `(does not compile: ${(error as Error).message})`;
        }
        console.log(`  ${verdicts[index] ? 'OK ' : '-- '} ${candidate.score.toFixed(2)} ${sql}${candidate.unusedWords.length ? `  unused: ${candidate.unusedWords.map((index2) => result.tokens[index2].text).join(',')}` : ''}`);
      });
    }
  }
  await db.connector.close();
}
const percent = (part: number): string => `${((100 * part) / tally.asked).toFixed(1)}%`;
console.log(`\n${tally.asked} questions in ${((performance.now() - started) / 1000).toFixed(1)} s: readings for ${percent(tally.generated)}, best reading right ${percent(tally.top1)}, a right reading among the top ${options.top} ${percent(tally.oracle)}, ${tally.failed} failed to run`);
