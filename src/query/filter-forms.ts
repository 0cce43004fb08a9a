/**
 * The two filter forms each connector compiles its own way, checked once for all of them: a filter
 * with alternatives ("founded after 1850 or public") and a comparison with the average ("priced
 * above the average price"). A malformed one is `invalid_request`.
 */
import { QuerentError } from '../core/errors.ts';
import type { FieldRef, Filter } from './logical-query.ts';

/** The filter and each of its alternatives, as plain filters. */
export function alternativesOf(filter: Filter & { readonly or: readonly Filter[] }): Filter[] {
  if (!Array.isArray(filter.or) || filter.or.length === 0) invalid('"or" lists at least one other filter.');
  if (filter.against !== undefined || filter.or.some((other) => other.or !== undefined || other.against !== undefined)) invalid('The filters of an "or" are plain filters: no "or" or "against" of their own.');
  const { or, ...first } = filter;
  return [first, ...or];
}

const AVERAGE_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** A comparison with the average: the column compared and how. */
export function averageComparison(filter: Filter): { readonly field: FieldRef; readonly operator: (typeof AVERAGE_OPERATORS)[keyof typeof AVERAGE_OPERATORS] } {
  const operator = AVERAGE_OPERATORS[filter.op as keyof typeof AVERAGE_OPERATORS];
  if (operator === undefined) invalid(`A filter against the average compares with gt, gte, lt or lte, not "${filter.op}".`);
  if (filter.values.length > 0) invalid('A filter against the average takes no values.');
  if (filter.or !== undefined) invalid('A filter against the average has no alternatives ("or").');
  if (filter.expression.kind !== 'field') invalid('A filter against the average compares a column.');
  return { field: filter.expression, operator };
}

function invalid(detail: string): never {
  throw new QuerentError('invalid_request', detail);
}
