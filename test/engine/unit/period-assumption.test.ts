/** A choice the period left open reaches the answer's assumptions. */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

describe('period assumptions', () => {
  it('states that a fiscal year is read as the calendar year', () => {
    const result = planQuestion('total hours by technician in FY2024', { catalog: unseenCatalog, values: unseenValues, now: unseenNow }, { model: bestReadingModel(), suggest: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.assumptions.some((assumption) => /calendar year/i.test(assumption))).toBe(true);
  });
});
