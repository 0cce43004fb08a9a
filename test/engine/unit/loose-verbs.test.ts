/**
 * "Which region brings in the most revenue?": a verb whose only links are a WordNet sense above or
 * below its own ("bring" under the verb "channel", a column of complaints) is read as the question's
 * verb, as "has" would be, where no reading of it as named holds together. Where it names a table
 * beside one the question names, it relates them, and is never passed over. So may a verb that only
 * names a metric ("subscriptions billed monthly"). On schemas the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { proposeChoices } from '../../../src/engine/readings/choices.ts';
import { contextsOf } from '../../../src/engine/readings/context.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned, summarise } from '../summarise.ts';
import type { Catalog } from '../../../src/connectors/catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const retail = catalog(
  entity({ name: 'region', rows: 8, columns: [['id', 'integer'], ['name', 'text']] }),
  entity({ name: 'store', rows: 120, columns: [['id', 'integer'], ['name', 'text'], ['region_id', 'integer'], ['revenue', 'number']], references: { region_id: 'region' } }),
  entity({ name: 'member', rows: 5000, columns: [['id', 'integer'], ['name', 'text']] }),
  entity({ name: 'complaint', rows: 900, columns: [['id', 'integer'], ['member_id', 'integer'], ['channel', 'text'], ['opened_on', 'date']], references: { member_id: 'member' } }),
);
const values = [{ entity: 'complaint', column: 'channel', values: ['phone', 'email'] }];
const read = (question: string) => readQuestion(question, retail, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });

it('reads a verb linked only by a looser sense as the question\'s verb, as "has" is read', () => {
  const { candidates, units, tokens } = read('How much revenue does each region bring in?');
  const verb = units.find((unit) => tokens[unit.start].lower === 'bring');
  expect(verb?.kind === 'link' && verb.links.length > 0 && verb.links.every((link) => link.match.startsWith('wordnet-hyp'))).toBe(true);
  expect(candidates[0]?.unusedWords).toEqual([6]);
  expect(summarise(candidates[0]!.planned.query)).toEqual(summarise(read('How much revenue does each region have?').candidates[0]!.planned.query));
});

it('keeps such a verb a link where it names a table beside one the question names', () => {
  // complaint points to member: "brings" may name the complaints members channel, so it is never passed over.
  const verbChoices = (question: string) => {
    const { units, tokens, schema } = read(question);
    const choices = proposeChoices(units, contextsOf(units), tokens, schema);
    return choices[units.findIndex((unit) => tokens[unit.start].lower === 'brings')]!.map((choice) => choice.role);
  };
  expect(verbChoices('Which region brings in the most revenue?')).toContain('word');
  expect(verbChoices('Which member brings in the most revenue?')).not.toContain('word');
});

it('reads a verb that only names a metric as the question\'s verb where nothing else holds, negated or not', () => {
  const billing: Catalog = {
    entities: [
      entity({ name: 'subscription', rows: 500, columns: [['id', 'integer'], ['seats', 'integer'], ['billing_cycle', 'text']] }),
      {
        ...entity({ name: 'invoice', rows: 6000, columns: [['id', 'integer'], ['subscription_id', 'integer'], ['amount', 'number'], ['issued_on', 'date']], references: { subscription_id: 'subscription' } }),
        metrics: [{ words: ['billings', 'billed'], label: 'Billings', aggregate: 'sum' as const, column: 'amount', conditions: [], time: { entity: 'invoice', column: 'issued_on' } }],
      },
    ],
  };
  const fixture = { catalog: billing, values: [{ entity: 'subscription', column: 'billing_cycle', values: ['monthly', 'annual'] }], now };
  expect(planned(fixture, 'total seats of subscriptions billed monthly').summary.filters).toEqual(['subscription.billing_cycle eq monthly']);
  const negated = planned(fixture, 'total seats of subscriptions not billed monthly').summary;
  expect(negated.measures).toEqual(['sum(subscription.seats)']);
  expect(negated.filters).toEqual(['subscription.billing_cycle neq monthly']);
});
