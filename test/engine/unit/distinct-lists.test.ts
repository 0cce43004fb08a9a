/**
 * A list with its repeated rows and the same list without them show the same things, so two readings
 * that differ only so are one answer, not rivals ("which plants are in the Herbs family?" had been
 * declined as ambiguous between the two). On a nursery schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { coreKey } from '../../../src/engine/readings/enumerate.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const nursery = catalog(
  entity({ name: 'family', rows: 12, columns: [['id', 'integer'], ['name', 'text']] }),
  entity({ name: 'plant', rows: 400, references: { family_id: 'family' }, columns: [['id', 'integer'], ['name', 'text'], ['family_id', 'integer'], ['height_cm', 'number']] }),
);
const values = [{ entity: 'family', column: 'name', values: ['Herbs', 'Ferns', 'Roses'] }];

it('gives one answer to a list asked with or without repeated rows', () => {
  const list: LogicalQuery = {
    kind: 'select', root: 'plant', joins: [], filters: [], having: [], order: [], measures: [], dimensions: [],
    columns: [{ id: 'name', label: 'Name', field: { kind: 'field', entity: 'plant', column: 'name' } }],
  };
  const schema = schemaIndexOf(nursery);
  expect(coreKey({ ...list, distinct: true }, schema)).toBe(coreKey(list, schema));
  const counted: LogicalQuery = { ...list, columns: [], dimensions: [{ id: 'name', label: 'Name', field: { kind: 'field', entity: 'plant', column: 'name' } }], measures: [{ id: 'n', label: 'Plants', aggregate: 'count_distinct', expression: { kind: 'field', entity: 'plant', column: 'height_cm' } }] };
  expect(coreKey({ ...counted, distinct: true }, schema)).not.toBe(coreKey(counted, schema));
});

it('answers "which plants are in the Herbs family?"', () => {
  const result = planQuestion('Which plants are in the Herbs family?', { catalog: nursery, values, now }, { suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
});
