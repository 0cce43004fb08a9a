/**
 * From a question to its scored readings: tokens (wink-nlp), periods, cues and links, units and
 * their neighbourhoods, proposed choices, then the enumerated, planned and scored readings.
 */
import type { Catalog, ColumnValues } from '../../connectors/catalog.ts';
import { findCues } from '../question/cues.ts';
import { findPeriods } from '../question/periods.ts';
import { idlePhraseTokens } from '../question/idle-phrases.ts';
import { tokenize, type Token } from '../question/tokens.ts';
import { schemaIndexOf } from '../schema/schema-index.ts';
import type { SchemaIndex } from '../schema/schema-model.ts';
import { valueIndexOf } from '../schema/value-index.ts';
import { proposeChoices } from './choices.ts';
import { contextsOf } from './context.ts';
import { enumerateReadings, type Candidate, type EnumerateOptions } from './enumerate.ts';
import { findLinks } from './links.ts';
import type { Model } from './model.ts';
import { cutUnits, type Unit } from './units.ts';

export interface QuestionReadings {
  readonly tokens: readonly Token[];
  readonly units: readonly Unit[];
  readonly schema: SchemaIndex;
  /** Best first. */
  readonly candidates: readonly Candidate[];
}

export interface ReadOptions extends EnumerateOptions {
  readonly now: Date;
}

export const DEFAULT_READ_OPTIONS: Omit<ReadOptions, 'now'> = { beam: 40, keep: 40 };

export function readQuestion(question: string, catalog: Catalog, values: readonly ColumnValues[], model: Model, options: ReadOptions): QuestionReadings {
  const schema = schemaIndexOf(catalog);
  const tokens = tokenize(question);
  const periods = findPeriods(tokens, options.now, {
    isEntityWord: (lemma) => (schema.terms.get(lemma) ?? []).some((entry) => entry.target.kind === 'entity'),
    isNumericWord: (lemma) => (schema.terms.get(lemma) ?? []).some((entry) => entry.target.kind === 'column' && schema.entityByName.get(entry.target.entity)?.columnByName.get(entry.target.column)?.isNumeric === true),
  });
  const cues = findCues(tokens);
  const present = idlePhraseTokens(tokens);
  const valueIndex = valueIndexOf(values);
  const links = findLinks(tokens, { schema, values: valueIndex }, present);
  const units = cutUnits(tokens, periods, cues, links);
  const contexts = contextsOf(units);
  const choices = proposeChoices(units, contexts, tokens, schema);
  const candidates = enumerateReadings({ tokens, units, contexts, schema, now: options.now, present, yesValues: valueIndex.yesValues, valueCounts: valueIndex.valueCounts }, choices, model.weights, options);
  return { tokens, units, schema, candidates };
}
