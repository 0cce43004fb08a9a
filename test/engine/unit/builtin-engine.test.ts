/** planQuestion end to end on the unseen field-service fixture, for behaviour that admits one answer. */
import { describe, expect, it } from 'vitest';
import { createBuiltinEngine, planQuestion } from '../../../src/engine/builtin-engine.ts';
import type { DeclinedQuestion, PlanResult } from '../../../src/engine/question-engine.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const context = { catalog: unseenCatalog, values: unseenValues, now: unseenNow };
const plan = (question: string): PlanResult => planQuestion(question, context, { suggest: false });

function declined(question: string): DeclinedQuestion {
  const result = plan(question);
  if (result.ok) throw new Error(`"${question}" was answered: ${result.interpretation}`);
  return result;
}

describe('planQuestion refusals', () => {
  it('an empty or blank question', () => {
    expect(declined('').code).toBe('empty_question');
    expect(declined('   \n ').code).toBe('empty_question');
  });

  it('a question over 2,000 characters', () => {
    expect(declined(`how many work orders ${'x'.repeat(2_000)}`).code).toBe('question_too_long');
  });

  it('a request to change data, with the verb in the reason', () => {
    const result = declined('delete all work orders of Lyon');
    expect(result.code).toBe('writes_data');
    expect(result.reason).toContain('delete');
    expect(declined('update the amt of work order 5').code).toBe('writes_data');
  });

  it('"drop all rows of cust" is a write request', () => {
    expect(declined('drop all rows of cust').code).toBe('writes_data');
  });

  it('SQL text and forecasts', () => {
    expect(declined('SELECT cust_nm FROM cust').code).toBe('sql_text');
    expect(declined('forecast the hours for next year').code).toBe('forecast');
  });
});

describe('planQuestion on words the schema lacks', () => {
  it('a word that names nothing declines with unknown_words, naming it', () => {
    const result = declined('how many work orders per zebra');
    expect(result.code).toBe('unknown_words');
    expect(result.words).toContain('zebra');
    expect(result.reason).toContain('"zebra"');
  });

  it('a question of which nothing matches declines with nothing_matched', () => {
    expect(declined('how many giraffes').code).toBe('nothing_matched');
  });

  it('a column named as written in the schema is read as that column', () => {
    const result = planQuestion('work orders by status_cd', context, { model: bestReadingModel(), suggest: false });
    if (!result.ok) throw new Error(`declined: ${result.reason}`);
    expect(summarise(result.query).dimensions).toEqual(['work_ord.status_cd']);
  });
});

describe('planQuestion results', () => {
  it('is deterministic', () => {
    const question = 'total hours by technician last year';
    expect(plan(question)).toEqual(plan(question));
  });

  it('a declined question states its reason in words and offers only answerable suggestions', () => {
    const result = planQuestion('how many work orders per zebra', context);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason.length).toBeGreaterThan(0);
    for (const suggestion of result.suggestions) expect(plan(suggestion).ok, suggestion).toBe(true);
  });
});

describe('follow-ups', () => {
  it('reads a follow-up as the earlier question changed by it, and says so', () => {
    const model = bestReadingModel();
    const first = planQuestion('total hours by technician in 2024', context, { model, suggest: false });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const followUp = planQuestion('and in 2023?', { ...context, previous: { question: 'total hours by technician in 2024', query: first.query } }, { model, suggest: false });
    const alone = planQuestion('total hours by technician in 2023', context, { model, suggest: false });
    expect(followUp.ok && alone.ok).toBe(true);
    if (!followUp.ok || !alone.ok) return;
    expect(followUp.query).toEqual(alone.query);
    expect(followUp.assumptions[0]).toContain('"total hours by technician in 2023"');
  });
});

describe('createBuiltinEngine', () => {
  it('plans asynchronously with the same result', async () => {
    const engine = createBuiltinEngine();
    expect(engine.name).toBe('builtin');
    expect(await engine.plan('', context)).toMatchObject({ ok: false, code: 'empty_question' });
    expect(await engine.plan('please drop all rows of cust', context)).toMatchObject({ ok: false, code: 'writes_data' });
  });
});
