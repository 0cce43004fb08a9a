/**
 * Execution accuracy of the built-in engine on the Spider tuning set (../shared/tuning/spider-train),
 * split by split: `fit` (tuned and trained on) and `check` (only ever measured). Each answered
 * question's rows are compared with the gold rows under accuracy/compare-rows.ts: lenient (extra
 * answer columns allowed) and strict (no extra columns). Prints coverage (answered / asked) and
 * precision (right / answered) per hardness level. Of the check split nothing but totals is printed:
 * no question, schema or database name.
 *
 * Run: npm run bench:accuracy [-- --split fit|check] [--pg postgresql://postgres@127.0.0.1:5432/postgres]
 *      [--db NAME …] [--show-wrong] [--show-declined]   (the last three with --split fit only)
 */
import { parseArgs } from 'node:util';
import { compareRows } from '../accuracy/compare-rows.ts';
import { groupByDatabase, loadSpiderQuestions, openSpiderDatabase } from '../accuracy/spider-set.ts';
import { planQuestionOnData } from '../../../src/engine/builtin-engine.ts';
import { rowsOnConnection } from '../../../src/runs/rows-of.ts';
import { shapeAnswer } from '../../../src/render/answer-rows.ts';
import { describeTie, findTiedCut } from '../../../src/runs/tied-cut.ts';

const { values: options } = parseArgs({
  options: {
    split: { type: 'string' },
    pg: { type: 'string' },
    db: { type: 'string', multiple: true },
    'show-wrong': { type: 'boolean', default: false },
    'show-declined': { type: 'boolean', default: false },
  },
});
const splits = options.split ? [options.split as 'fit' | 'check'] : (['fit', 'check'] as const);
const showing = options['show-wrong'] || options['show-declined'] || options.db !== undefined;
if (showing && (splits.length !== 1 || splits[0] !== 'fit')) {
  console.error('--show-wrong, --show-declined and --db need --split fit: check questions are never shown.');
  process.exit(2);
}

interface Tally { asked: number; answered: number; correct: number; strict: number; failed: number }
const now = new Date('2025-01-01T00:00:00Z');

for (const split of splits) {
  const tallies = new Map<string, Tally>();
  const tally = (key: string): Tally => {
    let found = tallies.get(key);
    if (!found) tallies.set(key, (found = { asked: 0, answered: 0, correct: 0, strict: 0, failed: 0 }));
    return found;
  };
  const questions = loadSpiderQuestions(split).filter((question) => !options.db || options.db.includes(question.db_id));
  const started = performance.now();
  for (const [database, list] of groupByDatabase(questions)) {
    const db = await openSpiderDatabase(database, options.pg);
    // As a run does: readings close in likelihood are compared by the rows they give.
    const rowsOf = rowsOnConnection(db.connector, db.catalog, { maxRows: 100_000 });
    for (const question of list) {
      const totals = [tally('all'), tally(question.hardness)];
      for (const entry of totals) entry.asked += 1;
      const result = await planQuestionOnData(question.question, { catalog: db.catalog, values: db.values, now, rowsOf }, { suggest: false });
      if (!result.ok) {
        if (options['show-declined']) console.log(`DECLINED ${question.id} [${database}] ${question.question}\n  ${result.code}: ${result.reason}`);
        continue;
      }
      let rows: readonly (readonly unknown[])[];
      try {
        const executed = await db.connector.execute(db.connector.compile(result.query, db.catalog), { maxRows: 100_000 });
        // As a run does: a limit that cuts through tied rows is declined, not answered.
        const tie = await findTiedCut(db.connector, result.query, db.catalog, executed, { maxRows: 100_000 });
        if (tie) {
          if (options['show-declined']) console.log(`DECLINED ${question.id} [${database}] ${question.question}\n  tied_at_cut: ${describeTie(tie)}`);
          continue;
        }
        rows = shapeAnswer(result.query, executed).result.rows;
      } catch (error) {
        for (const entry of totals) {
          entry.answered += 1;
          entry.failed += 1;
        }
        if (showing) console.log(`FAILED ${question.id} ${question.question}: ${(error as Error).message}`);
        continue;
      }
      for (const entry of totals) entry.answered += 1;
      const verdict = compareRows(rows, question.gold.rows, question.order_matters);
      for (const entry of totals) {
        if (verdict.correct) entry.correct += 1;
        if (verdict.strict) entry.strict += 1;
      }
      if (options['show-wrong'] && !verdict.correct) {
        // Right rows in another order: ties of the sort key, which the gold's database ordered its own way.
        const reordered = question.order_matters && compareRows(rows, question.gold.rows, false).correct ? ' (same rows, another order)' : '';
        console.log(`WRONG${reordered} ${question.id} [${database}] ${question.question}\n  ours: ${result.interpretation}\n  gold: ${question.sql}\n  got ${JSON.stringify(rows.slice(0, 3))} want ${JSON.stringify(question.gold.rows.slice(0, 3))}`);
      }
    }
    await db.connector.close();
  }
  const percent = (part: number, whole: number): string => (whole === 0 ? '   -  ' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);
  console.log(`\n${split} split: ${questions.length} questions in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${'hardness'.padEnd(10)} asked answ. coverage precision  strict  errors`);
  for (const key of ['all', 'easy', 'medium', 'hard', 'extra']) {
    const entry = tallies.get(key);
    if (!entry) continue;
    console.log(`${key.padEnd(10)} ${String(entry.asked).padStart(5)} ${String(entry.answered).padStart(5)}  ${percent(entry.answered, entry.asked)}  ${percent(entry.correct, entry.answered)}  ${percent(entry.strict, entry.answered)}  ${entry.failed}`);
  }
}
