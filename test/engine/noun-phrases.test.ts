/** Neighbouring words read as one noun phrase: "country name", "date of order shipped", "category name and description". */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { catalog, entity } from './fixtures/build-catalog.ts';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';

const fixture = { catalog: wholesaleCatalog, values: wholesaleValues, now: new Date('2025-05-10T12:00:00Z') };

function plan(question: string) {
  const result = planQuestion(question, fixture, false);
  if (!result.ok) throw new Error(`declined: ${result.reason}`);
  return result.query;
}

describe('noun phrases', () => {
  it('reads "country name" as the country, not as some other entity\'s name', () => {
    const query = plan('number of orders by customer country name');
    expect(query.dimensions.map((dimension) => `${dimension.field.entity}.${dimension.field.column}`)).toEqual(['customers.country']);
  });

  it('reads "date of order shipped" and "date of invoice due" as those date columns', () => {
    const shipped = plan('list the id and the date of order shipped for all orders');
    expect(shipped.columns.map(({ field }) => `${field.entity}.${field.column}`)).toEqual(['orders.id', 'orders.shipped_date']);
    const due = plan('show the id and the date of invoice due of all invoices');
    expect(due.columns.map(({ field }) => `${field.entity}.${field.column}`)).toEqual(['invoices.id', 'invoices.due_date']);
  });

  it('reads "color code and description" as the color description, not the product description', () => {
    const colors = catalog(
      entity({ name: 'colors', rows: 10, columns: [['color_code', 'text'], ['color_description', 'text']] }),
      entity({
        name: 'items',
        rows: 50,
        columns: [['item_id', 'integer'], ['item_name', 'text'], ['color_code', 'text'], ['item_description', 'text']],
        references: { color_code: 'colors' },
      }),
    );
    const result = planQuestion('show the color code and description of every item', { catalog: colors, values: [], now: fixture.now }, false);
    if (!result.ok) throw new Error(`declined: ${result.reason}`);
    expect(result.query.columns.map(({ field }) => `${field.entity}.${field.column}`)).toContain('colors.color_description');
    expect(result.query.columns.map(({ field }) => field.column)).not.toContain('item_description');
  });
});
