/**
 * Text columns that hold only a yes and a no ('Yes'/'No', 'Y'/'N', 'true'/'false'): an adjective or
 * participle naming one says which rows are in that state, as it does for a boolean column. "How
 * many approved members are there?" and "how many VIP members do we have?" had been answered at
 * 0.88 and 0.82 confidence as the number of distinct values of the column (2); the values of a
 * yes/no column are never counted unless "distinct" or "different" asks for them. On a club schema
 * the engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { yesValueOf } from '../../../src/engine/schema/value-index.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 500, columns: [['id', 'integer'], ['member_name', 'text'], ['active_flg', 'text'], ['approved', 'text'], ['vip_flg', 'text'], ['fee', 'number']] }),
);
const values = [
  { entity: 'member', column: 'active_flg', values: ['Y', 'N'] },
  { entity: 'member', column: 'approved', values: ['No', 'Yes', 'n/a'] },
  { entity: 'member', column: 'vip_flg', values: ['N', 'Y'] },
];
/** The best reading, answered whatever its confidence: these tests are about which reading it is. */
const plan = (question: string) => planQuestion(question, { catalog: club, values, now }, { model: bestReadingModel(), suggest: false });

describe('the yes of a yes/no text column', () => {
  it.each([
    [['Yes', 'No'], 'Yes'],
    [['n', 'y'], 'y'],
    [['FALSE', 'TRUE', 'unknown'], 'TRUE'],
    [['T', 'F'], 'T'],
  ])('is found among %j', (stored, yes) => {
    expect(yesValueOf(stored)).toBe(yes);
  });

  it.each([[['Yes']], [['Yes', 'No', 'Maybe']], [['Y', 'No']], [['open', 'closed']]])('is not found among %j', (stored) => {
    expect(yesValueOf(stored)).toBeUndefined();
  });
});

describe('a state said of the rows', () => {
  it.each([
    ['how many approved members are there?', 'member.approved eq Yes', 'count(*)'],
    ['list the active members', 'member.active_flg eq Y', undefined],
    ['which members are approved?', 'member.approved eq Yes', undefined],
    ['average fee of approved members', 'member.approved eq Yes', 'avg(member.fee)'],
    ['how many members are not active?', 'member.active_flg neq Y', 'count(*)'],
    ['how many VIP members do we have?', 'member.vip_flg eq Y', 'count(*)'],
    ['list the names of members who are not VIP', 'member.vip_flg neq Y', undefined],
    ['which members are VIP?', 'member.vip_flg eq Y', undefined],
  ])('"%s" filters on the stored yes', (question, filter, measure) => {
    const result = plan(question);
    expect(result.ok, result.ok ? '' : result.reason).toBe(true);
    if (!result.ok) return;
    const summary = summarise(result.query);
    expect(summary.filters).toEqual([filter]);
    expect(summary.measures).toEqual(measure === undefined ? [] : [measure]);
  });

  it('never counts the values of a yes/no column unasked', () => {
    for (const question of ['how many VIP members do we have?', 'how many approved members are there?']) {
      for (const candidate of readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
        expect(summarise(candidate.planned.query).measures.filter((measure) => measure.startsWith('count_distinct'))).toEqual([]);
      }
    }
  });

  it('never just shows the column a state word names', () => {
    for (const question of ['which members are approved?', 'list the active members', 'which members are VIP?']) {
      for (const candidate of readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
        const shown = candidate.planned.query.columns.map((column) => column.field.column);
        expect(shown).not.toContain('approved');
        expect(shown).not.toContain('active_flg');
        expect(shown).not.toContain('vip_flg');
      }
    }
  });
});
