/** findCues: counting, aggregates, comparisons, containment, sorting, grains and superlatives with their spans. */
import { describe, expect, it } from 'vitest';
import { findCues, type Cue } from '../../../src/engine/question/cues.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';

const cuesOf = (question: string): Cue[] => findCues(tokenize(question));
const ofKind = <K extends Cue['kind']>(question: string, kind: K): Extract<Cue, { kind: K }>[] =>
  cuesOf(question).filter((cue): cue is Extract<Cue, { kind: K }> => cue.kind === kind);

describe('counting and aggregates', () => {
  it('"how many" is a count spanning both words', () => {
    expect(ofKind('how many work orders', 'count')).toEqual([{ kind: 'count', start: 0, end: 2 }]);
  });

  it('"total number of" is a count of a column holding counts, preferred over "total"', () => {
    const cues = cuesOf('total number of visits');
    expect(cues[0]).toMatchObject({ kind: 'count', total: true, start: 0, end: 3 });
    expect(cues.some((cue) => cue.kind === 'aggregate')).toBe(false);
  });

  it('total, average, maximum and minimum', () => {
    expect(ofKind('total amt', 'aggregate')[0].aggregate).toBe('sum');
    expect(ofKind('average hrs', 'aggregate')[0].aggregate).toBe('avg');
    expect(ofKind('max qty', 'aggregate')[0].aggregate).toBe('max');
    expect(ofKind('minimum amt', 'aggregate')[0].aggregate).toBe('min');
  });

  it('"how much" is a sum that says how much', () => {
    expect(ofKind('how much did Lyon spend', 'aggregate')[0]).toMatchObject({ aggregate: 'sum', howMuch: true });
  });
});

describe('comparisons', () => {
  it('"more than 5" compares with its number', () => {
    expect(ofKind('jobs with more than 5 lines', 'compare')).toEqual([{ kind: 'compare', op: 'gt', values: [5], start: 2, end: 5 }]);
  });

  it('at least, at most, under and exactly', () => {
    expect(ofKind('at least 2 visits', 'compare')[0]).toMatchObject({ op: 'gte', values: [2] });
    expect(ofKind('at most 8 hrs', 'compare')[0]).toMatchObject({ op: 'lte', values: [8] });
    expect(ofKind('amt under 50', 'compare')[0]).toMatchObject({ op: 'lt', values: [50] });
    expect(ofKind('exactly 3 lines', 'compare')[0]).toMatchObject({ op: 'eq', values: [3] });
  });

  it('"5 or more" and "10 or fewer"', () => {
    expect(ofKind('5 or more visits', 'compare')[0]).toMatchObject({ op: 'gte', values: [5], start: 0, end: 3 });
    expect(ofKind('10 or fewer visits', 'compare')[0]).toMatchObject({ op: 'lte', values: [10] });
  });

  it('between takes its bounds in order, whichever is written first', () => {
    expect(ofKind('between 3 and 10 hrs', 'compare')[0]).toMatchObject({ op: 'between', values: [3, 10] });
    expect(ofKind('amt between 10 and 5', 'compare')[0]).toMatchObject({ op: 'between', values: [5, 10] });
  });

  it('a percent value is marked', () => {
    expect(ofKind('margin above 12.5%', 'compare')[0]).toMatchObject({ op: 'gt', values: [12.5], percent: true });
  });

  it('a comparative adjective names what it compares: older → age, more expensive → price', () => {
    expect(ofKind('techs older than 30', 'compare')[0]).toMatchObject({ op: 'gt', values: [30], attributes: ['age'] });
    expect(ofKind('items more expensive than 100', 'compare')[0]).toMatchObject({ op: 'gt', values: [100], concept: 'price' });
    expect(ofKind('techs younger than 25', 'compare')[0]).toMatchObject({ op: 'lt', values: [25] });
  });

  it('a comparison with no number is kept without values, for readings to decline', () => {
    expect(ofKind('amt more than the average', 'compare')[0]).toMatchObject({ op: 'gt', values: [] });
  });

  it('a symbol compares too', () => {
    expect(ofKind('amt > 100', 'compare')[0]).toMatchObject({ op: 'gt', values: [100] });
    expect(ofKind('amt<5', 'compare')[0]).toMatchObject({ op: 'lt', values: [5] });
  });

  it('">=" is at least', () => {
    expect(ofKind('amt >= 100', 'compare').map((cue) => cue.op)).toEqual(['gte']);
  });

  it('"!=" is not equal', () => {
    expect(ofKind('amt != 3', 'compare').map((cue) => cue.op)).toEqual(['neq']);
  });

  it('"other than" a number is not equal to it; "other than" a name negates it', () => {
    expect(ofKind('items with a unit price other than 5', 'compare')[0]).toMatchObject({ op: 'neq', values: [5] });
    expect(ofKind('customers other than Leeds', 'compare')).toEqual([]);
    expect(ofKind('customers other than Leeds', 'negation')).toHaveLength(1);
  });
});

describe('text containment', () => {
  it('containing a quoted text', () => {
    expect(ofKind('items containing "valve"', 'contains')[0]).toMatchObject({ mode: 'contains', text: 'valve', start: 1, end: 3 });
  });

  it('starting with a single letter', () => {
    expect(ofKind('customers starting with B', 'contains')[0]).toMatchObject({ mode: 'starts', text: 'B' });
  });

  it('ending with the letter m', () => {
    expect(ofKind('names ending with the letter m', 'contains')[0]).toMatchObject({ mode: 'ends', text: 'm' });
  });

  it('a bare word after "containing" is not a pattern', () => {
    expect(ofKind('orders containing valves', 'contains')).toEqual([]);
  });

  it('starting with the letter A, as the comment on containsAt promises', () => {
    expect(ofKind('customers starting with A', 'contains')[0]).toMatchObject({ mode: 'starts', text: 'A' });
  });

  it('starting with a quoted "A"', () => {
    expect(ofKind('names that start with "A"', 'contains')[0]).toMatchObject({ mode: 'starts', text: 'A' });
  });
});

describe('sorting', () => {
  it('ascending or descending alphabetical order, with or without its column', () => {
    expect(ofKind('techs in descending alphabetical order', 'sort')[0]).toMatchObject({ direction: 'desc', by: false });
    expect(ofKind('techs in ascending alphabetical order of lname', 'sort')[0]).toMatchObject({ direction: 'asc', by: true });
  });

  it('in alphabetical order is ascending', () => {
    expect(ofKind('techs in alphabetical order', 'sort')[0]).toMatchObject({ direction: 'asc', by: false });
  });

  it('sorted in descending order by names its column after', () => {
    expect(ofKind('items sorted in descending order by unit price', 'sort')[0]).toMatchObject({ direction: 'desc', by: true, start: 1 });
  });

  it('"sorted by" has no direction of its own', () => {
    const sort = ofKind('jobs sorted by amt', 'sort')[0];
    expect(sort).toMatchObject({ by: true });
    expect(sort.direction).toBeUndefined();
  });
});

describe('grains and grouping', () => {
  it('monthly, per quarter, month over month', () => {
    expect(ofKind('monthly amt', 'grain')[0]).toMatchObject({ grain: 'month', attached: true });
    expect(ofKind('hrs per quarter', 'grain')[0]).toMatchObject({ grain: 'quarter', start: 1, end: 3 });
    expect(ofKind('revenue month over month', 'grain')[0]).toMatchObject({ grain: 'month', end: 4 });
  });

  it('a grain word closing a list of groups: "by segment and year"', () => {
    expect(ofKind('amt by segment and year', 'grain')[0]).toMatchObject({ grain: 'year', start: 3, end: 5 });
    expect(ofKind('amt sorted by segment and year', 'grain')).toEqual([]);
    expect(ofKind('amt and year', 'grain')).toEqual([]);
  });

  it('"by" and "for each" group', () => {
    expect(ofKind('total amt by cust', 'group')[0]).toMatchObject({ by: true, start: 2 });
    expect(ofKind('hrs for each tech', 'group')[0]).toMatchObject({ each: true, start: 1, end: 3 });
  });
});

describe('superlatives and limits', () => {
  it('top 5 has a limit; top alone is several', () => {
    expect(ofKind('top 5 customers', 'superlative')[0]).toMatchObject({ direction: 'desc', limit: 5 });
    expect(ofKind('top customers', 'superlative')[0]).toMatchObject({ direction: 'desc', several: true });
  });

  it('a number before a superlative is its length', () => {
    expect(ofKind('the 3 cheapest items', 'superlative')[0]).toMatchObject({ direction: 'asc', concept: 'price', limit: 3, start: 1 });
  });

  it('youngest ranks by age upwards; most recent by date downwards', () => {
    expect(ofKind('youngest tech', 'superlative')[0]).toMatchObject({ direction: 'asc', attributes: ['age'] });
    expect(ofKind('most recent work orders', 'superlative')[0]).toMatchObject({ direction: 'desc', concept: 'date', end: 2 });
  });

  it('least turns the direction of the adjective', () => {
    expect(ofKind('least popular item', 'superlative')[0]).toMatchObject({ direction: 'asc', concept: 'frequency' });
  });

  it('first 10 is a limit', () => {
    expect(ofKind('first 10 work orders', 'limit')[0]).toMatchObject({ limit: 10, start: 0, end: 2 });
  });

  it('a count right after the question word is a limit; elsewhere it is a number', () => {
    expect(ofKind('which 3 techs closed the most jobs', 'limit')[0]).toMatchObject({ limit: 3, start: 1, end: 2 });
    expect(ofKind('what 5 items sold best', 'limit')[0]).toMatchObject({ limit: 5 });
    expect(ofKind('jobs of tech 3', 'limit')).toEqual([]);
  });
});

describe('other cues', () => {
  it('a question word asks only at the start of the question', () => {
    expect(ofKind('which techs closed jobs', 'lead')[0]).toMatchObject({ asks: true });
    expect(ofKind('in which city are customers', 'lead')[0]).toMatchObject({ asks: true, start: 1 });
    expect(ofKind('customers in which city', 'lead')).toEqual([]);
  });

  it('who asks for a person and when for a time', () => {
    expect(ofKind('who closed job 5', 'lead')[0]).toMatchObject({ person: true });
    expect(ofKind('when was job 5 closed', 'lead')[0]).toMatchObject({ time: true });
  });

  it('negation, distinct, versus and everything', () => {
    expect(ofKind('jobs not cancelled', 'negation')).toHaveLength(1);
    expect(ofKind("customers who don't have an account", 'negation')).toHaveLength(1);
    expect(ofKind('distinct status codes', 'distinct')).toHaveLength(1);
    expect(ofKind('closed vs open jobs', 'versus')).toHaveLength(1);
    expect(ofKind('show all the details of item 5', 'everything')[0]).toMatchObject({ start: 1, end: 4 });
  });
});
