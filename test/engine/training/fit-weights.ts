/**
 * Learns the weights of the reading model from labelled candidates: for each question, the
 * readings the engine proposed and whether each gives the gold rows, plus the option to decline,
 * which is right exactly when no reading is. Maximises the likelihood of the right options under
 * the model's softmax (weak supervision from execution), with an L2 penalty, by Adam.
 */
import type { Features } from '../../../src/engine/readings/features.ts';
import { DECLINE_FEATURE } from '../../../src/engine/readings/model.ts';

export interface LabelledCandidate {
  readonly features: Features;
  readonly correct: boolean;
  /** The engine would decline this reading whatever its score (it drops a meaningful word). */
  readonly blocked: boolean;
  /** Readings with the same core give the same answer (see Candidate.core). */
  readonly core: string;
}

export interface LabelledQuestion {
  readonly id: string;
  readonly database: string;
  readonly candidates: readonly LabelledCandidate[];
}

export interface FitOptions {
  readonly epochs: number;
  readonly learningRate: number;
  /** Weight of the L2 penalty on every weight. */
  readonly l2: number;
  readonly initial?: Readonly<Record<string, number>>;
}

export const DEFAULT_FIT: FitOptions = { epochs: 400, learningRate: 0.05, l2: 0.002 };

interface Compiled {
  readonly names: string[];
  /** Per question: per option (candidates, then decline): sparse (index, value) pairs. */
  readonly options: { readonly sparse: readonly (readonly [number, number])[]; readonly correct: boolean }[][];
}

function compile(questions: readonly LabelledQuestion[]): Compiled {
  const index = new Map<string, number>([[DECLINE_FEATURE, 0]]);
  const id = (name: string): number => {
    let found = index.get(name);
    if (found === undefined) index.set(name, (found = index.size));
    return found;
  };
  const options = questions.map((question) => {
    const anyCorrect = question.candidates.some((candidate) => candidate.correct);
    const list = question.candidates.map((candidate) => ({
      sparse: Object.entries(candidate.features).filter(([, value]) => value !== 0).map(([name, value]) => [id(name), value] as const),
      correct: candidate.correct,
    }));
    list.push({ sparse: [[0, 1] as const], correct: !anyCorrect });
    return list;
  });
  return { names: [...index.keys()], options };
}

export function fitWeights(questions: readonly LabelledQuestion[], options: FitOptions = DEFAULT_FIT): Record<string, number> {
  const { names, options: data } = compile(questions);
  const weights = new Float64Array(names.length);
  names.forEach((name, position) => {
    weights[position] = options.initial?.[name] ?? 0;
  });
  const first = new Float64Array(names.length);
  const second = new Float64Array(names.length);
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    const gradient = new Float64Array(names.length);
    for (const list of data) {
      const scores = list.map((option) => option.sparse.reduce((sum, [position, value]) => sum + weights[position] * value, 0));
      const top = Math.max(...scores);
      const exps = scores.map((score) => Math.exp(score - top));
      const all = exps.reduce((sum, value) => sum + value, 0);
      const right = exps.reduce((sum, value, position) => sum + (list[position].correct ? value : 0), 0);
      list.forEach((option, position) => {
        // d/dw [log Σ_right e^s − log Σ_all e^s] = E_right[f] − E_all[f]
        const coefficient = (option.correct ? exps[position] / right : 0) - exps[position] / all;
        if (coefficient === 0) return;
        for (const [feature, value] of option.sparse) gradient[feature] += coefficient * value;
      });
    }
    for (let position = 0; position < names.length; position += 1) {
      const g = gradient[position] / data.length - options.l2 * weights[position];
      first[position] = beta1 * first[position] + (1 - beta1) * g;
      second[position] = beta2 * second[position] + (1 - beta2) * g * g;
      const corrected = first[position] / (1 - beta1 ** epoch);
      const scale = Math.sqrt(second[position] / (1 - beta2 ** epoch)) + 1e-8;
      weights[position] += options.learningRate * corrected / scale;
    }
  }
  const result: Record<string, number> = {};
  names.forEach((name, position) => {
    if (Math.abs(weights[position]) >= 1e-4) result[name] = Number(weights[position].toFixed(4));
  });
  return result;
}

/** Log-likelihood per question of the right options (higher is better), for reporting. */
export function logLikelihood(questions: readonly LabelledQuestion[], weights: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const question of questions) {
    const anyCorrect = question.candidates.some((candidate) => candidate.correct);
    const scored = [
      ...question.candidates.map((candidate) => ({ score: scoreFeatures(candidate.features, weights), correct: candidate.correct })),
      { score: weights[DECLINE_FEATURE] ?? 0, correct: !anyCorrect },
    ];
    const top = Math.max(...scored.map((option) => option.score));
    const all = scored.reduce((sum, option) => sum + Math.exp(option.score - top), 0);
    const right = scored.reduce((sum, option) => sum + (option.correct ? Math.exp(option.score - top) : 0), 0);
    total += Math.log(right / all);
  }
  return total / Math.max(1, questions.length);
}

function scoreFeatures(features: Features, weights: Readonly<Record<string, number>>): number {
  let score = 0;
  for (const name in features) score += (weights[name] ?? 0) * features[name];
  return score;
}
