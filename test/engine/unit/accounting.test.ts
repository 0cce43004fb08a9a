/** Every word accounted for, on fixtures the engine was not tuned on. */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { unseenNow } from '../fixtures/unseen-catalog.ts';

describe('a verb that names a flag of the rows asked about ("products that are discontinued")', () => {
  it('is a condition or a breakdown on that column, never a word the reading passes over', () => {
    const items = catalog(entity({ name: 'item', columns: [['id', 'integer'], ['item_name', 'text'], ['discontinued', 'boolean']] }));
    const { candidates } = readQuestion('how many items are discontinued', items, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) expect(JSON.stringify(candidate.planned.query), candidate.key).toContain('"discontinued"');
  });
});

describe('"by" between the rows asked for and a column ("work orders by status")', () => {
  it('groups the rows in every reading: none lists them and passes over "by"', () => {
    const orders = catalog(entity({ name: 'work_order', columns: [['id', 'integer'], ['title', 'text'], ['status', 'text']] }));
    const { candidates } = readQuestion('work orders by status', orders, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) expect(candidate.planned.query.dimensions.map((dimension) => dimension.field.column), candidate.key).toContain('status');
  });
});

describe('an entity followed by a verb ("subscriptions churned")', () => {
  it('is no compound name of a column that only contains the verb\'s stem', () => {
    const subscriptions = catalog(entity({ name: 'subscription', columns: [['id', 'integer'], ['churn_reason', 'text'], ['status', 'text']] }));
    const { candidates } = readQuestion('how many subscriptions churned', subscriptions, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });
    for (const candidate of candidates) expect(candidate.planned.query.measures.some((measure) => measure.aggregate === 'count_distinct'), candidate.key).toBe(false);
  });
});

describe('adverbs of frequency and time ("members who borrowed twice", "shipped late")', () => {
  it('are words the engine must read, so the question is declined naming them', () => {
    const library = catalog(
      entity({ name: 'member', columns: [['id', 'integer'], ['full_name', 'text']] }),
      entity({ name: 'loan', references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['borrowed_on', 'date'], ['returned_on', 'date']] }),
    );
    for (const [question, word] of [['members who borrowed twice', 'twice'], ['loans returned late', 'late'], ['members who borrowed again in 2024', 'again']]) {
      const plan = planQuestion(question!, { catalog: library, values: [], now: unseenNow }, { suggest: false });
      expect(plan.ok, question).toBe(false);
      if (!plan.ok) expect(plan.words, question).toContain(word);
    }
  });
});

describe('verbs of a change of state ("trials that converted", "plans upgraded")', () => {
  it('are words the engine must read: unread, the question is declined naming them, never answered as the rows\' present state', () => {
    const memberships = catalog(entity({ name: 'membership', columns: [['id', 'integer'], ['tier', 'text'], ['state', 'text'], ['started_on', 'date']] }));
    const values = [{ entity: 'membership', column: 'state', values: ['trial', 'paying', 'lapsed'] }];
    for (const [question, word] of [['how many trial memberships converted?', 'converted'], ['memberships that upgraded in 2024', 'upgraded']]) {
      const plan = planQuestion(question!, { catalog: memberships, values, now: unseenNow }, { suggest: false });
      expect(plan.ok, question).toBe(false);
      if (!plan.ok) expect(plan.words, question).toContain(word);
    }
  });
});
