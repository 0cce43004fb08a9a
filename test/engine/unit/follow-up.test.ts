import { describe, expect, it } from 'vitest';
import { composeFollowUp } from '../../../src/engine/question/follow-up.ts';

const now = new Date('2025-05-10T12:00:00Z');
const compose = (previous: string, followUp: string): string => composeFollowUp(previous, followUp, now);

describe('follow-up questions', () => {
  it('replaces the period', () => {
    expect(compose('total amt of work orders this year', 'and last year?')).toBe('total amt of work orders last year');
    expect(compose('how many work orders were opened in 2024', 'what about 2023?')).toBe('how many work orders were opened in 2023');
    expect(compose('hours per technician', 'in March 2025')).toBe('hours per technician in March 2025');
  });

  it('replaces the grouping', () => {
    expect(compose('number of work orders per month in 2024', 'by quarter instead')).toBe('number of work orders in 2024 by quarter');
    expect(compose('number of customers by region', 'by status instead')).toBe('number of customers by status');
  });

  it('replaces or adds the limit', () => {
    expect(compose('top 5 technicians by hours', 'show the top 10')).toBe('top 10 technicians by hours');
    expect(compose('hours by technician', 'top 3')).toBe('top 3 hours by technician');
  });

  it('adds a condition', () => {
    expect(compose('how many work orders were closed', 'only for customers in Leeds')).toBe('how many work orders were closed for customers in Leeds');
  });

  it('keeps a question that stands on its own', () => {
    expect(compose('how many customers', 'how many technicians are there?')).toBe('how many technicians are there?');
    expect(compose('how many customers', 'what is the total amt of work orders')).toBe('what is the total amt of work orders');
  });

  it('keeps the earlier question when the follow-up adds nothing', () => {
    expect(compose('how many customers', 'and?')).toBe('how many customers');
  });
});
