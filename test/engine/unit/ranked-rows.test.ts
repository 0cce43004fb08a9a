/**
 * Two ways a ranking or a count had read the wrong thing, on a retail schema the engine was not
 * tuned on:
 * - "top 5 members by birth date" ranks members, never birth dates by their number of members;
 * - "how many units were sold?" counts no values of unit_cost or quantity_per_unit: a word that is
 *   only part of a column's name does not count it ("how many different codes" may still count
 *   type_code, named by its last word).
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const retail = catalog(
  entity({ name: 'member', rows: 9000, columns: [['id', 'integer'], ['member_name', 'text'], ['birth_date', 'date'], ['tier', 'text']] }),
  entity({ name: 'item', rows: 3000, columns: [['id', 'integer'], ['item_name', 'text'], ['unit_cost', 'number'], ['quantity_per_unit', 'text'], ['type_code', 'text']] }),
  entity({ name: 'sale', rows: 90000, columns: [['id', 'integer'], ['item_id', 'integer'], ['member_id', 'integer'], ['sold_at', 'date'], ['qty', 'integer']], references: { item_id: 'item', member_id: 'member' } }),
);
const values = [{ entity: 'member', column: 'tier', values: ['Gold', 'Basic'] }, { entity: 'item', column: 'type_code', values: ['FOOD', 'TOOL'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: retail, values, now }, { model: bestReadingModel(), suggest: false });

it('never ranks birth dates by their number of members for "top 5 members by birth date"', () => {
  const result = plan('top 5 members by birth date');
  expect(result.ok ? summarise(result.query).dimensions : []).not.toContain('member.birth_date');
});

it.each(['How many units were sold last year?', 'how many units did we sell?'])('counts no part-named column for "%s"', (question) => {
  const result = plan(question);
  expect(result.ok ? summarise(result.query).measures.join() : '').not.toMatch(/count_distinct\(item\.(unit_cost|quantity_per_unit)\)/);
});

it('still counts the different values of a column named by its last word', () => {
  const result = plan('how many different type codes are there?');
  expect(result.ok && summarise(result.query).measures).toEqual(['count_distinct(item.type_code)']);
});
