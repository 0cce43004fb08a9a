/**
 * Learns the engine's model on the fit split of the Spider tuning set, optionally together with a
 * sample question set (business questions: metrics, segments, periods, time series, which Spider
 * lacks; never samples-v3, the frozen set that measures the engine), and writes
 * src/engine/readings/weights.json:
 * 1. reading weights: rounds alternate between reading every question with the current weights (a
 *    wide beam), running the readings against the gold rows, and refitting;
 * 2. the confidence model and its threshold, on predictions for databases held out of the fit
 *    (folds by database), so that they reflect schemas the weights have not seen.
 * Reproducible: same data, same code, same weights. Statement verdicts are cached in .tmp.
 *
 * Run: npm run train:engine [-- --pg postgresql://postgres@127.0.0.1:5432/postgres] [--rounds 2] [--precision 0.9] [--reuse]
 *      [--keep-weights]   (with --reuse: keep the shipped reading weights, refit only the confidence model)
 *      [--samples none|samples-v2[,samples]] [--sample-weight 1]   (each sample question counts as that many times)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadSpiderQuestions } from '../accuracy/spider-set.ts';
import { chooseThreshold, decisionExamples, fitConfidence, scoreAt, scoredExamples, type DecisionExample, type Scored } from '../training/calibrate.ts';
import { collectLabels } from '../training/collect.ts';
import { collectSampleLabels } from '../training/collect-samples.ts';
import { loadSampleQuestions, QUESTION_SETS } from '../accuracy/evaluate-samples.ts';
import { DEFAULT_FIT, fitWeights, logLikelihood, type LabelledQuestion } from '../training/fit-weights.ts';
import { shippedModel, type Model } from '../../../src/engine/readings/model.ts';
import { PREBUILT_SAMPLES_DIR } from '../../../src/samples/sample-datasets.ts';

const { values: options } = parseArgs({
  options: {
    pg: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    precision: { type: 'string', default: '0.9' },
    folds: { type: 'string', default: '5' },
    limit: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'keep-weights': { type: 'boolean', default: false },
    samples: { type: 'string', default: 'none' },
    'sample-weight': { type: 'string', default: '1' },
    out: { type: 'string', default: new URL('../../../src/engine/readings/weights.json', import.meta.url).pathname },
  },
});

/** The frozen sets that measure the engine: never trained on. */
const MEASURING_SETS = new Set(['samples-v3', 'constructs-v1']);

const questions = loadSpiderQuestions('fit').slice(0, options.limit ? Number(options.limit) : undefined);
const labelsPath = new URL('../../../.tmp/train-labels.json', import.meta.url).pathname;
const started = performance.now();
let model: Model = shippedModel();
const sampleSetNames = options.samples === 'none' ? [] : options.samples.split(',');
const sampleQuestions = sampleSetNames.flatMap((name) => {
  if (MEASURING_SETS.has(name)) throw new TypeError(`${name} measures the engine on questions it was not trained on; train on another set.`);
  const path = QUESTION_SETS[name];
  if (path === undefined) throw new TypeError(`Unknown sample set ${name}`);
  return loadSampleQuestions(path);
});
const sampleLabels = async (): Promise<LabelledQuestion[]> => {
  const labels = await collectSampleLabels(sampleQuestions, {
    model, beam: 120, keep: 60, run: 30, now: new Date(),
    samplesDir: process.env.QUERENT_SAMPLES_DIR ?? PREBUILT_SAMPLES_DIR,
  });
  return Array.from({ length: Number(options['sample-weight']) }, () => labels).flat();
};
let labelled: LabelledQuestion[] = options.reuse ? [...JSON.parse(readFileSync(labelsPath, 'utf8')) as LabelledQuestion[], ...await sampleLabels()] : [];
for (let round = 1; round <= (options.reuse ? 0 : Number(options.rounds)); round += 1) {
  const spider = await collectLabels(questions, {
    model, beam: 120, keep: 60, run: 30, now: new Date('2025-01-01T00:00:00Z'),
    cachePath: new URL('../../../.tmp/train-cache.json', import.meta.url).pathname,
    ...(options.pg ? { postgresUrl: options.pg } : {}),
    progress: (database, done, total) => process.stderr.write(`\rround ${round}: ${done}/${total} databases (${database})            `),
  });
  writeFileSync(labelsPath, JSON.stringify(spider));
  labelled = [...spider, ...await sampleLabels()];
  model = { ...model, weights: fitWeights(labelled, { ...DEFAULT_FIT, initial: model.weights }) };
  const reachable = labelled.filter((question) => question.candidates.some((candidate) => candidate.correct)).length;
  console.log(`\nround ${round}: a right reading among the candidates for ${percent(reachable / labelled.length)} of ${labelled.length}; log-likelihood ${logLikelihood(labelled, model.weights).toFixed(3)}`);
}
if (options.reuse && !options['keep-weights']) model = { ...model, weights: fitWeights(labelled, { ...DEFAULT_FIT, initial: model.weights }) };

// Held-out evidence: each fold of databases read with weights fitted on the other folds.
const databases = [...new Set(labelled.map((question) => question.database))].sort();
const folds = Number(options.folds);
const foldOf = (database: string): number => databases.indexOf(database) % folds;
const heldOut: DecisionExample[] = [];
for (let fold = 0; fold < folds; fold += 1) {
  const weights = fitWeights(labelled.filter((question) => foldOf(question.database) !== fold), DEFAULT_FIT);
  heldOut.push(...decisionExamples(labelled.filter((question) => foldOf(question.database) === fold), weights));
}
// The threshold from confidence models that did not see the fold they score, either.
const pooled: Scored[] = [];
for (let fold = 0; fold < folds; fold += 1) {
  const weights = fitConfidence(heldOut.filter((example) => foldOf(example.database) !== fold));
  pooled.push(...scoredExamples(heldOut.filter((example) => foldOf(example.database) === fold), { weights }));
}
const calibration = chooseThreshold(pooled, Number(options.precision));
console.log(`held-out databases, by precision asked: ${[0.85, 0.88, 0.9, 0.92, 0.94, 0.96].map((precision) => {
  const point = chooseThreshold(pooled, precision);
  return `${percent(precision)} → ${percent(point.precision)} at ${percent(point.coverage)}`;
}).join('; ')}`);
const confidenceWeights = fitConfidence(heldOut);
const final: Model = {
  weights: sorted(model.weights),
  confidence: { threshold: Number(calibration.threshold.toFixed(4)), weights: sorted(confidenceWeights) },
};
const onFit = scoreAt(scoredExamples(decisionExamples(labelled, final.weights), final.confidence), final.confidence.threshold);
writeFileSync(options.out, `${JSON.stringify(final, null, 2)}\n`);
console.log(`confidence threshold ${final.confidence.threshold}: held-out databases precision ${percent(calibration.precision)} coverage ${percent(calibration.coverage)}; fit (trained on) precision ${percent(onFit.precision)} coverage ${percent(onFit.coverage)}`);
console.log(`${Object.keys(final.weights).length} reading weights, ${Object.keys(final.confidence.weights).length} confidence weights written to ${options.out} in ${((performance.now() - started) / 1000).toFixed(0)} s`);

function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

function sorted(weights: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(weights).sort(([left], [right]) => left.localeCompare(right)));
}
