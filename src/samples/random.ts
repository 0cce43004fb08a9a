/**
 * Seeded randomness for the sample generators. Everything random in src/samples comes from here
 * (or from a Faker built with a derived seed), so the same seed and anchor give the same rows.
 * Math.random is never used.
 */

/** A source of uniform numbers in [0, 1) plus the distributions the generators need. */
export interface Random {
  /** A uniform number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A uniform number in [min, max). */
  between(min: number, max: number): number;
  /** True with probability `probability` (0..1). */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, chosen with probability proportional to its weight. */
  pickWeighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A normal (Gaussian) sample. */
  normal(mean: number, standardDeviation: number): number;
  /** A log-normal sample whose median is `median`; `sigma` is the spread of its logarithm. */
  logNormal(median: number, sigma: number): number;
  /** A Poisson-distributed count with the given mean. */
  poisson(mean: number): number;
  /** A Pareto sample ≥ 1 with shape `alpha` (1.16 gives the 80/20 rule). */
  pareto(alpha: number): number;
}

/** mulberry32: tiny, fast and good enough for fictional data; the period (2^32) far exceeds our draws. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seed for one part of a generator, derived from the dataset seed and a label (FNV-1a), so that
 * changing how one table is generated does not reshuffle the others.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    pickWeighted: (entries) => {
      let total = 0;
      for (const [, weight] of entries) total += weight;
      let target = next() * total;
      for (const [item, weight] of entries) {
        target -= weight;
        if (target < 0) return item;
      }
      return entries[entries.length - 1]![0];
    },
    normal: (mean, standardDeviation) => {
      // Box–Muller; 1 - next() keeps the logarithm away from zero.
      const radius = Math.sqrt(-2 * Math.log(1 - next()));
      return mean + standardDeviation * radius * Math.cos(2 * Math.PI * next());
    },
    logNormal: (median, sigma) => median * Math.exp(random.normal(0, sigma)),
    poisson: (mean) => {
      if (mean <= 0) return 0;
      if (mean > 40) return Math.max(0, Math.round(random.normal(mean, Math.sqrt(mean))));
      // Knuth's method: fine for the small daily means used here.
      const limit = Math.exp(-mean);
      let count = 0;
      let product = next();
      while (product > limit) {
        count += 1;
        product *= next();
      }
      return count;
    },
    pareto: (alpha) => 1 / Math.pow(1 - next(), 1 / alpha),
  };
  return random;
}

/**
 * Picks indexes in proportion to fixed weights, many times over (binary search on cumulative sums).
 * `limit` restricts a pick to the first `limit` items, e.g. the customers that exist by a date when
 * the items are sorted by their start.
 */
export class WeightedSampler {
  readonly #cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.#cumulative = new Float64Array(weights.length);
    let total = 0;
    weights.forEach((weight, index) => {
      total += weight;
      this.#cumulative[index] = total;
    });
  }

  /** An index in [0, limit), or -1 when there is nothing to pick from. */
  pick(random: Random, limit: number = this.#cumulative.length): number {
    if (limit <= 0) return -1;
    const target = random.next() * this.#cumulative[limit - 1]!;
    let low = 0;
    let high = limit - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/** Rounds a money amount to cents, the way the numeric(12,2) columns will store it. */
export function roundMoney(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** Lower-case ASCII letters and digits only, for fictional e-mail addresses and domains. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/đ/g, 'd')
    .replace(/[^a-z0-9]+/g, '');
}
