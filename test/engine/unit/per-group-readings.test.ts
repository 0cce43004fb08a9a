/**
 * Per-group readings on a schema the engine was not tuned on: an average of a count per entity
 * (a measure over per-group totals) and a ranking cut within each group.
 */
import { describe, expect, it } from 'vitest';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';

function queriesOf(question: string): LogicalQuery[] {
  return readQuestion(question, unseenCatalog, unseenValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow }).candidates.map((candidate) => candidate.planned.query);
}

describe('measures over per-group totals', () => {
  it('averages each customer\'s count of work orders instead of grouping by customer', () => {
    const query = queriesOf('the average number of work orders per customer')[0];
    expect(query.dimensions).toEqual([]);
    expect(query.measures).toMatchObject([{ aggregate: 'avg', per: { aggregate: 'count', by: [{ kind: 'field', entity: 'work_ord', column: 'cust_id' }] } }]);
    // Rows with no customer belong to no customer's count.
    expect(query.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'work_ord', column: 'cust_id' }, op: 'not_null', values: [] });
  });

  it('takes the highest of the counts with "maximum"', () => {
    const nested = queriesOf('what is the maximum number of work orders per technician').find((query) => query.measures.some((measure) => measure.per));
    expect(nested?.measures[0]).toMatchObject({ aggregate: 'max', per: { aggregate: 'count', by: [{ entity: 'work_ord', column: 'tech_id' }] } });
  });

  it('never reads a per-group total into a plain "average … per" of a column', () => {
    for (const query of queriesOf('average hours per technician')) expect(query.measures.some((measure) => measure.per)).toBe(false);
  });
});

describe('a ranking cut within each group', () => {
  it('keeps the top 3 technicians within each customer, not 3 rows overall', () => {
    const query = queriesOf('top 3 technicians by number of work orders per customer')[0];
    expect(query?.limit).toBeUndefined();
    const byCustomer = query?.dimensions.filter((dimension) => dimension.field.entity === 'cust').map((dimension) => dimension.id);
    expect(query?.limitPerGroup).toMatchObject({ by: byCustomer, limit: 3 });
    expect(query?.limitPerGroup?.order[0]?.direction).toBe('desc');
  });

  it('keeps one plain limit when no group is said', () => {
    const query = queriesOf('top 3 technicians by number of work orders')[0];
    expect(query.limitPerGroup).toBeUndefined();
    expect(query.limit).toBe(3);
  });
});

describe('growth over a time series', () => {
  it('adds the change against the month before, in percent, over complete months only', () => {
    const query = queriesOf('monthly growth in number of work orders')[0];
    const month = query.dimensions.find((dimension) => dimension.grain === 'month');
    expect(month?.field).toEqual({ kind: 'field', entity: 'work_ord', column: 'ord_dt' });
    const [count, growth] = query.measures;
    expect(growth).toMatchObject({ aggregate: 'change', of: count?.id, along: month?.id, percent: true, unit: '%' });
    // unseenNow is 10 May 2025: May so far is left out.
    expect(query.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'work_ord', column: 'ord_dt' }, op: 'lt', values: ['2025-05-01'] });
  });

  it('makes no growth reading without a time series to compare', () => {
    for (const query of queriesOf('growth in number of work orders')) expect(query.measures.some((measure) => measure.aggregate === 'change')).toBe(false);
  });
});

describe('shares and running totals', () => {
  it('adds each group\'s share of the total, in percent', () => {
    const query = queriesOf('share of hours by technician')[0];
    const [hours, share] = query.measures;
    expect(share).toMatchObject({ aggregate: 'share', of: hours?.id, within: [], percent: true, unit: '%' });
  });

  it('adds a running total along the months', () => {
    const query = queriesOf('cumulative number of work orders by month')[0];
    const month = query.dimensions.find((dimension) => dimension.grain === 'month');
    expect(query.measures[1]).toMatchObject({ aggregate: 'running_total', of: query.measures[0]?.id, along: month?.id, within: [] });
  });

  it('makes no share reading of one total', () => {
    for (const query of queriesOf('share of hours')) expect(query.measures.some((measure) => measure.aggregate === 'share')).toBe(false);
  });
});

describe('comparisons with the average', () => {
  it('compares a column with its own average over the entity ("above the average unit price")', () => {
    const query = queriesOf('service items with a unit price above the average unit price').find((each) => each.filters.some((filter) => filter.against));
    expect(query?.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'svc_item', column: 'unit_prc' }, op: 'gt', values: [], against: 'average' });
  });

  it('reads "below average" without an article', () => {
    const query = queriesOf('technicians whose hourly rate is below average').find((each) => each.filters.some((filter) => filter.against));
    expect(query?.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'tech', column: 'hrly_rate' }, op: 'lt', values: [], against: 'average' });
  });
});

describe('totals compared with their average over the groups', () => {
  it('keeps technicians whose count of work orders is below the average count', () => {
    const query = queriesOf('technicians whose number of work orders is below the average')[0];
    expect(query.dimensions.map((dimension) => dimension.field.entity)).toContain('tech');
    expect(query.having).toEqual([{ measureId: query.measures[0]?.id, op: 'lt', values: [], against: 'average' }]);
  });
});

describe('pivots', () => {
  it('spreads a plain column into columns ("one column per status")', () => {
    const query = queriesOf('number of work orders per month, one column per status')[0];
    const status = query.dimensions.find((dimension) => dimension.field.column === 'status_cd' && dimension.field.entity === 'work_ord');
    expect(query.pivot).toEqual({ dimension: status?.id });
    expect(query.dimensions.some((dimension) => dimension.grain === 'month')).toBe(true);
  });

  it('spreads a time grain into columns, grouping by it when nothing else did ("one column per year")', () => {
    const query = queriesOf('total hours by technician, one column per year')[0];
    const year = query.dimensions.find((dimension) => dimension.grain === 'year');
    expect(year?.field).toEqual({ kind: 'field', entity: 'work_ord', column: 'ord_dt' });
    expect(query.pivot).toEqual({ dimension: year?.id });
  });
});

describe('two periods side by side', () => {
  it('reads "this year vs last year" as both years, one column each', () => {
    const query = queriesOf('total hours by technician this year vs last year')[0];
    const year = query.dimensions.find((dimension) => dimension.grain === 'year');
    expect(year?.field).toEqual({ kind: 'field', entity: 'work_ord', column: 'ord_dt' });
    expect(query.pivot).toEqual({ dimension: year?.id });
    const dated = query.filters.filter((filter) => filter.expression.kind === 'field' && filter.expression.column === 'ord_dt');
    expect(dated.map((filter) => [filter.op, filter.values])).toEqual(expect.arrayContaining([['gte', ['2024-01-01']], ['lt', ['2026-01-01']]]));
  });

  it('takes two adjacent quarters in either order', () => {
    const query = queriesOf('number of work orders in Q2 2024 compared with Q1 2024')[0];
    expect(query.dimensions.find((dimension) => dimension.id === query.pivot?.dimension)?.grain).toBe('quarter');
  });

  it('reads no side-by-side answer for periods apart, which would take in the years between', () => {
    for (const query of queriesOf('number of work orders 2022 vs 2024')) expect(query.pivot).toBeUndefined();
  });
});

describe('growth within a period', () => {
  it('reads the month before the period so that its first month has a growth, and shows from the period on', () => {
    const query = queriesOf('monthly growth in number of work orders in 2024')[0];
    const month = query.dimensions.find((dimension) => dimension.grain === 'month');
    expect(query.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'work_ord', column: 'ord_dt' }, op: 'gte', values: ['2023-12-01'] });
    expect(query.showFrom).toEqual({ dimension: month?.id, from: '2024-01-01' });
  });
});

describe('rows grouped by a time grain', () => {
  it('counts them per bucket, as rows grouped by a column are ("work orders by month")', () => {
    const query = queriesOf('work orders by month')[0];
    expect(query.measures).toMatchObject([{ aggregate: 'count' }]);
    expect(query.dimensions).toMatchObject([{ grain: 'month', field: { entity: 'work_ord', column: 'ord_dt' } }]);
  });
});

describe('a count over rows named by a value before them', () => {
  it('counts the work orders whose status is the adjective said before them', () => {
    const query = queriesOf('how many cancelled work orders')[0];
    expect(query.measures).toMatchObject([{ aggregate: 'count' }]);
    expect(query.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'work_ord', column: 'status_cd' }, op: 'eq', values: ['cancelled'] });
  });

  it('reaches past two such values', () => {
    const query = queriesOf('how many active Lyon customers')[0];
    expect(query.measures).toMatchObject([{ aggregate: 'count' }]);
    expect(query.filters.map((filter) => 'values' in filter ? filter.values : [])).toEqual(expect.arrayContaining([['active'], ['Lyon']]));
  });
});

describe('a list of names after a grouping word', () => {
  it('groups by every name of "by status and technician"', () => {
    const query = queriesOf('number of work orders by status and technician')[0];
    expect(query.measures).toMatchObject([{ aggregate: 'count' }]);
    const grouped = query.dimensions.map((dimension) => `${dimension.field.entity}.${dimension.field.column}`);
    expect(grouped).toContain('work_ord.status_cd');
    expect(grouped.some((name) => name.startsWith('tech.'))).toBe(true);
  });
});

describe('a column shown beside a total', () => {
  it('is one of its groups in every reading, never dropped from the answer', () => {
    for (const question of ['number of work orders by status and technician', 'total hours and status of work orders per customer', 'customers and their number of work orders']) {
      for (const candidate of readQuestion(question, unseenCatalog, unseenValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow }).candidates) {
        const query = candidate.planned.query;
        if (query.measures.length === 0) continue;
        for (const output of candidate.reading.outputs) {
          if (output.kind !== 'column') continue;
          expect(query.dimensions.some((dimension) => dimension.field.entity === output.entity && dimension.field.column === output.column), `${question}: ${output.column}`).toBe(true);
        }
      }
    }
  });
});

describe('rows compared by how many related rows they have', () => {
  it('groups by the rows themselves and never counts each of them within its own group ("technicians with more than 5 work orders")', () => {
    const read = queriesOf('technicians with more than 5 work orders');
    expect(read.length).toBeGreaterThan(0);
    const best = read[0];
    expect(best.having).toMatchObject([{ op: 'gt', values: [5] }]);
    expect(best.dimensions.every((dimension) => dimension.field.entity === 'tech')).toBe(true);
    // A count of technicians per technician is 1 on every row.
    for (const query of read) {
      const perOwnRow = query.measures.some((measure) => measure.expression?.kind === 'field' && measure.expression.entity === 'work_ord' && measure.expression.column === 'tech_id' && measure.aggregate === 'count_distinct');
      expect(perOwnRow, JSON.stringify(query.measures)).toBe(false);
    }
  });
});
