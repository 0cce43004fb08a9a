/** refusalOf: requests to change data, pasted SQL and forecasts are refused before reading. */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../src/engine/question/guards.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';

const refusal = (question: string) => refusalOf(tokenize(question));

describe('requests to change data', () => {
  it('a write verb is refused, naming the verb', () => {
    expect(refusal('delete all work orders')).toEqual({ code: 'writes_data', detail: 'delete' });
    expect(refusal('Please update the unit price of item 5')).toMatchObject({ code: 'writes_data', detail: 'update' });
    expect(refusal('remove duplicate customers')).toMatchObject({ code: 'writes_data', detail: 'remove' });
  });

  it('a write verb is refused after other words', () => {
    expect(refusal('can you please drop the items')).toMatchObject({ code: 'writes_data', detail: 'drop' });
  });

  it('a command verb is refused only as the first word', () => {
    expect(refusal('set the hrs of job 5 to 3')).toMatchObject({ code: 'writes_data', detail: 'set' });
    expect(refusal('cancel work order 5')).toMatchObject({ code: 'writes_data', detail: 'cancel' });
    expect(refusal('how many work orders were cancelled')).toBeUndefined();
    expect(refusal('which techs raised the most invoices')).toBeUndefined();
  });

  it('a command verb inflected at the start describes the rows ("cancelled work orders this year")', () => {
    expect(refusal('cancelled work orders this year')).toBeUndefined();
    expect(refusal('Added items by month')).toBeUndefined();
  });

  it('an inflected write verb describes the data rather than asking for a change', () => {
    expect(refusal('which technician created the most work orders')).toBeUndefined();
    expect(refusal('how many items were destroyed last year')).toBeUndefined();
    expect(refusal('list the jobs updated by Lyon')).toBeUndefined();
    expect(refusal('which tech deletes the most records')).toBeUndefined();
  });

  it('a write word used as a noun is not a request', () => {
    expect(refusal('show the update log')).toBeUndefined();
    expect(refusal('how many sets were sold')).toBeUndefined();
  });

  it('"drop table items" and "truncate orders" are write requests', () => {
    expect(refusal('drop table items')?.code).toBe('writes_data');
    expect(refusal('truncate orders')?.code).toBe('writes_data');
  });
});

describe('SQL text', () => {
  it('select … from is SQL, whatever the case', () => {
    expect(refusal('select * from work_ord')).toEqual({ code: 'sql_text', detail: '' });
    expect(refusal('SELECT cust_nm FROM cust')?.code).toBe('sql_text');
  });

  it('select without from is not SQL', () => {
    expect(refusal('select the open jobs')).toBeUndefined();
  });
});

describe('forecasts', () => {
  it('forecast and predict are refused', () => {
    expect(refusal('forecast revenue for next year')?.code).toBe('forecast');
    expect(refusal('predict hrs per tech')?.code).toBe('forecast');
    expect(refusal('what is the revenue projection')?.code).toBe('forecast');
  });

  it('"will" with a future word is a forecast; "will" alone is not', () => {
    expect(refusal('how many visits will happen next week')?.code).toBe('forecast');
    expect(refusal('which jobs will Lyon pay')).toBeUndefined();
  });

  it('"will" with a year after this one is a forecast ("what will revenue be in 2030"); a past year is not', () => {
    const now = new Date('2025-05-10T12:00:00Z');
    expect(refusalOf(tokenize('what will our hrs be in 2030'), now)?.code).toBe('forecast');
    expect(refusalOf(tokenize('which jobs will Lyon pay from 2024'), now)).toBeUndefined();
  });
});

describe('ordinary questions', () => {
  it('are not refused', () => {
    for (const question of ['total amt by cust', 'how many work orders last month', 'list items with qty over 5', 'average hrs per tech in 2024']) {
      expect(refusal(question), question).toBeUndefined();
    }
  });
});
