/**
 * "number of shipments" counts shipments, even where a shipment_no column is "shipment number"
 * ("type of payment" still names payment_type); "what are the numbers of all shipments …" asks for
 * several numbers, so one count of every row does not answer it (it had been answered so at 0.91
 * confidence). On a shipping schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shipping = catalog(
  entity({ name: 'shipment', rows: 800, columns: [['id', 'integer'], ['shipment_no', 'text'], ['carrier', 'text'], ['distance_km', 'number'], ['payment_type', 'text']] }),
);
const values = [{ entity: 'shipment', column: 'carrier', values: ['DHL', 'UPS'] }, { entity: 'shipment', column: 'payment_type', values: ['card', 'invoice'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: shipping, values, now }, { model: bestReadingModel(), suggest: false });

it.each(['number of shipments per carrier', 'show each carrier and the number of shipments', 'What are the numbers of shipments for each carrier?'])('counts the shipments of each carrier for "%s"', (question) => {
  const result = plan(question);
  expect(result.ok && summarise(result.query)).toMatchObject({ measures: ['count(*)'], dimensions: ['shipment.carrier'] });
});

it('still reads "type of payment" as payment_type', () => {
  const result = plan('number of shipments per type of payment');
  expect(result.ok && summarise(result.query)).toMatchObject({ measures: ['count(*)'], dimensions: ['shipment.payment_type'] });
});

it('never answers "what are the numbers of all shipments …" with one count', () => {
  const result = plan('What are the numbers of all shipments with a distance of more than 2000?');
  expect(result.ok && summarise(result.query).measures).not.toEqual(['count(*)']);
});
