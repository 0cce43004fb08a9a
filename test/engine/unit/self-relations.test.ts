/**
 * Rows that point to rows of their own kind (a supervisor): a name said after the verb that names
 * that key ("supervised by Ana Ruiz") is the row they point to, read as a semi-join of the table
 * with itself; after another verb it is not. The key said of a name ("Ana Ruiz's supervisor") is
 * the row her key points to. On a crew schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { planned } from '../summarise.ts';

const crew = {
  catalog: catalog(entity({
    name: 'deckhand', rows: 300, references: { supervisor_id: 'deckhand' },
    columns: [['id', 'integer'], ['full_name', 'text'], ['supervisor_id', 'integer'], ['signed_on', 'date']],
  })),
  values: [{ entity: 'deckhand', column: 'full_name', values: ['Ana Ruiz', 'Tom Berg'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('reads "supervised by Ana Ruiz" as the deckhands whose supervisor is Ana Ruiz', () => {
  const { query, summary, interpretation } = planned(crew, 'deckhands supervised by Ana Ruiz');
  expect(summary.filters).toEqual([]);
  expect(query.related).toEqual([{
    kind: 'related', exists: true, root: 'deckhand', joins: [],
    link: { entity: 'deckhand', columns: ['id'], outerEntity: 'deckhand', outerColumns: ['supervisor_id'] },
    filters: [{ kind: 'filter', expression: { kind: 'field', entity: 'deckhand', column: 'full_name' }, op: 'eq', values: ['Ana Ruiz'] }],
  }]);
  expect(interpretation).toContain('whose supervisor is one of the deckhands where full name is Ana Ruiz');
});

it('does not read a verb that names no key of theirs as that key', () => {
  const readings = readQuestion('deckhands paid by Ana Ruiz', crew.catalog, crew.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: crew.now }).candidates;
  expect(readings.some(({ planned: { query } }) => (query.related ?? []).length > 0)).toBe(false);
});

it.each(["Who is Ana Ruiz's supervisor?", 'Who is the supervisor of Ana Ruiz?'])('reads "%s" as the deckhand her key points to', (question) => {
  const { query, summary, interpretation } = planned(crew, question);
  expect(summary).toMatchObject({ root: 'deckhand', filters: [], columns: ['deckhand.full_name'] });
  expect(query.related).toEqual([{
    kind: 'related', exists: true, root: 'deckhand', joins: [],
    link: { entity: 'deckhand', columns: ['supervisor_id'], outerEntity: 'deckhand', outerColumns: ['id'] },
    filters: [{ kind: 'filter', expression: { kind: 'field', entity: 'deckhand', column: 'full_name' }, op: 'eq', values: ['Ana Ruiz'] }],
  }]);
  expect(interpretation).toContain('the supervisor of the deckhands where full name is Ana Ruiz');
});
