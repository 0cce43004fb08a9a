/**
 * "done" says a state ("how many tasks are done?"), though its lemma "do" is an auxiliary: it is the
 * stored status 'done' where there is one, and where nothing says it the question is declined (it
 * had been answered at 0.94 confidence as the number of all tasks). "do" and "did" never say it.
 * On a task schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const tasks = catalog(
  entity({ name: 'task', rows: 800, columns: [['id', 'integer'], ['title', 'text'], ['status_code', 'text'], ['type_code', 'text'], ['hours', 'number']] }),
);
const withDone = [{ entity: 'task', column: 'status_code', values: ['done', 'open', 'blocked'] }, { entity: 'task', column: 'type_code', values: ['bug', 'chore'] }];
const withoutDone = [{ entity: 'task', column: 'status_code', values: ['open', 'blocked'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string, values = withDone) => planQuestion(question, { catalog: tasks, values, now }, { model: bestReadingModel(), suggest: false });

it.each(['How many tasks are done?', 'total hours of done tasks', 'List the tasks with the status code done and the type code bug'])('reads "done" in "%s" as the status', (question) => {
  const result = plan(question);
  expect(result.ok && summarise(result.query).filters).toContain('task.status_code eq done');
});

it.each(['How many tasks are done?', 'total hours of done tasks'])('declines "%s" where nothing says "done"', (question) => {
  expect(plan(question, withoutDone).ok).toBe(false);
});

it.each(['How many tasks do we have?', 'which tasks did Ann do?'])('never reads "do" or "did" in "%s" as done', (question) => {
  const result = plan(question);
  expect(result.ok ? summarise(result.query).filters : []).not.toContain('task.status_code eq done');
});
