/**
 * "What percentage of orders were cancelled?": the count of the rows that pass the share's
 * conditions, the count of them all, and the first in percent of the second.
 */
import { PERCENT_UNIT, type Measure } from '../../query/logical-query.ts';
import type { Reading } from '../readings/reading.ts';
import type { SchemaIndex } from '../schema/schema-model.ts';
import { conditionPhrase } from '../explain/condition-phrases.ts';
import { conditionFilters } from './plan-filters.ts';
import { Unplannable } from './unplannable.ts';

export interface ShareMeasures {
  readonly part: Measure;
  readonly whole: Measure;
  readonly share: Measure;
  /** The share's definition in words. */
  readonly definition: string;
}

export function rowShareMeasures(share: NonNullable<Reading['rowShare']>, whole: Measure, schema: SchemaIndex, root: string, now: Date): ShareMeasures {
  if (whole.where || (whole.aggregate !== 'count' && whole.aggregate !== 'count_distinct')) throw new Unplannable('a share of rows needs a plain count of them');
  const where = conditionFilters(share.conditions, schema, now);
  if (where.some((filter) => filter.against)) throw new Unplannable('a share picked by a comparison with an average');
  const which = share.conditions.map((condition) => conditionPhrase(condition, schema, root)).join(' and ');
  const noun = whole.label.replace(/^Number of /, '');
  const part: Measure = { ...whole, id: `${whole.id}_where`, label: `${whole.label} where ${which}`, where };
  const ratio: Measure = {
    id: `share_of_${whole.id.replace(/_count$/, '')}`, label: `Share of ${noun} where ${which}`, aggregate: 'ratio',
    numeratorId: part.id, denominatorId: whole.id, percent: true, unit: PERCENT_UNIT,
  };
  return { part, whole, share: ratio, definition: `${part.label.toLowerCase()} / ${whole.label.toLowerCase()}, in percent` };
}
