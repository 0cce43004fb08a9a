/**
 * "How many staff have a manager?" had been answered as the number of managing directors: "manager"
 * is related to the title "Managing Director", and the reading took what the rows have for a value of
 * their own. A word only related to a value (not the value's own words), said as something the rows
 * have ("have a", "with no"), is no value of theirs. On an office schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const office = catalog(
  entity({ name: 'staff', rows: 90, references: { manager_id: 'staff' }, columns: [['id', 'integer'], ['full_name', 'text'], ['job_title', 'text'], ['manager_id', 'integer']] }),
);
const values = [{ entity: 'staff', column: 'job_title', values: ['Managing Director', 'Clerk', 'Accountant'] }];

it.each(['How many staff have a manager?', 'How many staff have no manager?', 'list the staff with no manager'])('never reads "%s" as a job title', (question) => {
  const result = planQuestion(question, { catalog: office, values, now }, { suggest: false });
  if (result.ok) expect(summarise(result.query).filters.join(' ')).not.toContain('job_title');
});
