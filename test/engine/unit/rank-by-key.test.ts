/**
 * "Top 3 agents by total amount", where "agent" names the key of the rows measured (deal.agent_id):
 * the ranked things are the rows the key points to, shown by their names, as "total amount by
 * agent" already groups them; never their ids alone. "Which broker's deals …" answers with brokers,
 * by name, not with deals alone. On a schema the engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const brokerage = catalog(
  entity({ name: 'broker', rows: 40, columns: [['id', 'integer'], ['full_name', 'text']] }),
  entity({
    name: 'deal', rows: 9_000, references: { agent_id: 'broker' },
    columns: [['id', 'integer'], ['agent_id', 'integer', { synonyms: ['agent'] }], ['closed_on', 'date'], ['deal_amount', 'number']],
  }),
);

function best(question: string) {
  return readQuestion(question, brokerage, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
}

describe('a ranking of the things a key points to', () => {
  it.each(['top 3 agents by total deal amount', 'the 5 best agents by total deal amount in 2024'])('groups by the rows the key points to, shown by name: "%s"', (question) => {
    const query = best(question);
    expect(query?.limit).toBeGreaterThan(1);
    const shown = query?.dimensions.map((dimension) => (dimension.field.kind === 'field' ? `${dimension.field.entity}.${dimension.field.column}` : '')) ?? [];
    expect(shown).toContain('broker.full_name');
  });
});

describe('"which X\'s Y …"', () => {
  it.each(["which broker's deals brought in the most deal amount?", "which broker's deals had the most deal amount in 2024?"])('answers with the rows of X, by name: "%s"', (question) => {
    const queries = readQuestion(question, brokerage, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => candidate.planned.query);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const shown = [...query.columns, ...query.dimensions].map((output) => (output.field.kind === 'field' ? `${output.field.entity}.${output.field.column}` : ''));
      expect(shown, JSON.stringify(shown)).toContain('broker.full_name');
    }
  });
});

describe('rows a segment picks, after "per"', () => {
  const seniors = catalog(
    { ...entity({ name: 'broker', rows: 40, columns: [['id', 'integer'], ['full_name', 'text'], ['grade', 'text']] }), segments: [{ words: ['senior broker', 'senior brokers'], label: 'Senior brokers', conditions: [{ column: 'grade', op: 'eq', values: ['Senior'] }] }] },
    entity({ name: 'deal', rows: 9_000, references: { agent_id: 'broker' }, columns: [['id', 'integer'], ['agent_id', 'integer'], ['closed_on', 'date'], ['deal_amount', 'number']] }),
  );

  const best = (question: string) => readQuestion(question, seniors, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
  const senior = expect.objectContaining({ expression: { kind: 'field', entity: 'broker', column: 'grade' }, values: ['Senior'] });

  it('group by them, with the segment\'s condition: "deals per senior broker"', () => {
    const query = best('deals per senior broker');
    expect(query && summarise(query).dimensions).toContain('broker.full_name');
    expect(query?.filters).toContainEqual(senior);
  });

  it('list each of them with their count, 0 for none, with the segment\'s condition: "how many deals did each senior broker close in 2024?"', () => {
    const query = best('how many deals did each senior broker close in 2024?');
    expect(query && summarise(query)).toMatchObject({ root: 'broker', columns: expect.arrayContaining(['broker.full_name']), counts: [expect.stringMatching(/^count\(deal\.agent_id->broker \| deal\.closed_on gte 2024-01-01; deal\.closed_on lt 2025-01-01/)] });
    expect(query?.filters).toContainEqual(senior);
  });
});
