/** Conditions in words: a column whose name ends as the period's phrase begins ("member since" and "since 2020") says that word once. */
import { expect, it } from 'vitest';
import { conditionPhrase } from '../../../src/engine/explain/condition-phrases.ts';
import { findPeriods } from '../../../src/engine/question/periods.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const schema = schemaIndexOf(catalog(entity({ name: 'member', columns: [['id', 'integer'], ['name', 'text'], ['member_since', 'date'], ['joined_on', 'date']] })));
const now = new Date('2025-05-10T12:00:00Z');
const periodOf = (words: string) => findPeriods(tokenize(words), now)[0]!;

it('says the shared word once', () => {
  expect(conditionPhrase({ kind: 'period', entity: 'member', column: 'member_since', period: periodOf('since 2020'), tokens: [] }, schema, 'member')).toBe('member since 2020');
});

it('keeps a phrase that starts otherwise', () => {
  expect(conditionPhrase({ kind: 'period', entity: 'member', column: 'member_since', period: periodOf('in 2020'), tokens: [] }, schema, 'member')).toBe('member since in 2020');
  expect(conditionPhrase({ kind: 'period', entity: 'member', column: 'joined_on', period: periodOf('since 2020'), tokens: [] }, schema, 'member')).toBe('joined since 2020');
});
