/**
 * A group named by a foreign key joins through that key, even where another key reaches the same
 * table: on a schema the engine was not tuned on, where a work order has a technician and an
 * approving technician.
 */
import { describe, expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const twoKeys = catalog(
  entity({ name: 'tech', rows: 35, columns: [['id', 'integer'], ['tech_name', 'text']] }),
  entity({
    name: 'work_ord',
    rows: 12_000,
    columns: [['id', 'integer'], ['tech_id', 'integer'], ['approver_id', 'integer'], ['ord_dt', 'date'], ['hrs', 'number']],
    references: { tech_id: 'tech', approver_id: 'tech' },
  }),
);

function queriesOf(question: string): LogicalQuery[] {
  return readQuestion(question, twoKeys, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') }).candidates.map((candidate) => candidate.planned.query);
}

describe('joins through the key the question names', () => {
  it('groups by the approver through approver_id, not by the technician who did the work', () => {
    const query = queriesOf('total hrs by approver')[0];
    expect(query?.joins).toEqual([{ fromEntity: 'work_ord', fromColumns: ['approver_id'], toEntity: 'tech', toColumns: ['id'] }]);
    expect(query?.dimensions.map((dimension) => dimension.field)).toContainEqual({ kind: 'field', entity: 'tech', column: 'tech_name' });
  });

  it('and by the technician through tech_id', () => {
    const query = queriesOf('total hrs by tech')[0];
    expect(query?.joins).toEqual([{ fromEntity: 'work_ord', fromColumns: ['tech_id'], toEntity: 'tech', toColumns: ['id'] }]);
  });
});
