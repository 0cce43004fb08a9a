/**
 * The column a word implies when it names none: "the youngest" and "older than 30" mean the age,
 * "the cheapest" the price, "the latest" the date — on the subject, or on the one entity it points
 * to that has such a column ("the youngest support agent" → the agent's employee's age).
 */
import type { Concept } from '../question/cues.ts';
import { entityOf, type ColumnInfo } from '../schema/schema-model.ts';
import type { Draft } from './draft.ts';

export interface Implication {
  readonly concept?: Concept;
  readonly attributes?: readonly string[];
}

export interface ImpliedColumn {
  readonly column: ColumnInfo;
  /** The column runs the other way from the word: the youngest has the latest date of birth. */
  readonly inverted: boolean;
}

export function impliedColumn(draft: Draft, entity: string, implication: Implication): ImpliedColumn | undefined {
  const own = impliedOwnColumn(draft, entity, implication);
  if (own) return own;
  const parents = entityOf(draft.input.schema, entity).foreignKeys
    .map((key) => impliedOwnColumn(draft, key.refEntity, implication))
    .filter((column): column is ImpliedColumn => column !== undefined);
  if (parents.length === 1) draft.feature('implied.parent-column');
  return parents.length === 1 ? parents[0] : undefined;
}

const BIRTH_WORDS = new Set(['birth', 'born', 'dob', 'birthday', 'birthdate']);

function impliedOwnColumn(draft: Draft, entity: string, implication: Implication): ImpliedColumn | undefined {
  const info = entityOf(draft.input.schema, entity);
  const one = (columns: readonly ColumnInfo[], inverted = false): ImpliedColumn | undefined => (columns.length === 1 ? { column: columns[0], inverted } : undefined);
  switch (implication.concept) {
    case 'date':
      return info.mainDate ? { column: info.mainDate, inverted: false } : undefined;
    case 'price': {
      // "the cheapest products" beside unit_price and unit_cost: what a thing costs to buy is its price.
      const priced = info.columns.filter((column) => column.isNumeric && column.isPrice);
      return priced.length > 0 ? one(priced) : one(info.columns.filter((column) => column.isNumeric && holdsImplication(column, implication)));
    }
    case 'attribute': {
      const direct = one(info.columns.filter((column) => !column.isKey && holdsImplication(column, implication)));
      if (direct || !(implication.attributes ?? []).includes('age')) return direct;
      // Age without an age column: the date of birth, the other way round.
      const born = one(info.columns.filter((column) => column.isDate && column.words.some((word) => BIRTH_WORDS.has(word))), true);
      if (born) draft.feature('implied.age-from-birth-date');
      return born;
    }
    default:
      return undefined;
  }
}

/** Whether a column holds the price or the attribute a word implies ("cheaper" a price, "older" an age). */
export function holdsImplication(column: ColumnInfo, implication: Implication): boolean {
  switch (implication.concept) {
    case 'price':
      return column.isPrice || column.words.includes('cost') || column.words.includes('price');
    case 'attribute':
      return (implication.attributes ?? []).some((attribute) => column.words.includes(attribute));
    default:
      return false;
  }
}
