/**
 * Readings told apart by their answer: when the best reading and a rival give the same rows on the
 * connection's data, whichever was meant, the answer is the same, so they are one answer and pool
 * their likelihood (the decision's "or the runner-up gives the same rows"). Only answers of at least
 * two values that are not zero or blank count: no rows, or one number, are what different readings
 * give by chance; and rows in an order asked for are the same only when both put them in order by
 * the same thing.
 */
import type { LogicalQuery } from '../../query/logical-query.ts';
import type { Candidate } from './enumerate.ts';

/** The rows a query gives, as the asker would see them; undefined when that cannot be told. */
export type RowsOf = (query: LogicalQuery) => Promise<readonly (readonly unknown[])[] | undefined>;

/** How many different answers, best first, are run to be compared. */
export const ANSWERS_COMPARED = 4;

/**
 * The candidates with each of the first few answers that gives the same rows as an earlier one
 * given that one's core; undefined when no two of them give the same rows.
 */
export async function poolBySameRows(candidates: readonly Candidate[], rowsOf: RowsOf): Promise<readonly Candidate[] | undefined> {
  const answers: Candidate[] = [];
  for (const candidate of candidates) {
    if (answers.length === ANSWERS_COMPARED) break;
    if (!answers.some((answer) => answer.core === candidate.core)) answers.push(candidate);
  }
  if (answers.length < 2) return undefined;
  const given = await Promise.all(answers.map((answer) => answerOf(answer.planned.query, rowsOf)));
  const sameAs = new Map<string, string>();
  answers.forEach((answer, index) => {
    const earlier = given.findIndex((other, at) => at < index && sameAnswer(other, given[index]));
    if (earlier >= 0) sameAs.set(answer.core, sameAs.get(answers[earlier].core) ?? answers[earlier].core);
  });
  if (sameAs.size === 0) return undefined;
  return candidates.map((candidate) => {
    const core = sameAs.get(candidate.core);
    return core === undefined ? candidate : { ...candidate, core };
  });
}

interface Answer {
  /** The rows, one line each, in the order given. */
  readonly lines: readonly string[];
  /** What the query puts its rows in order by first, and which way; undefined when by nothing. */
  readonly orderedBy: string | undefined;
}

async function answerOf(query: LogicalQuery, rowsOf: RowsOf): Promise<Answer | undefined> {
  let rows: readonly (readonly unknown[])[] | undefined;
  try {
    rows = await rowsOf(query);
  } catch {
    return undefined;
  }
  if (rows === undefined || rows.flat().filter((value) => !isNothing(value)).length < 2) return undefined;
  return { lines: rows.map((row) => JSON.stringify(row.map(comparable))), orderedBy: firstOrder(query) };
}

function sameAnswer(one: Answer | undefined, other: Answer | undefined): boolean {
  if (one === undefined || other === undefined || one.lines.length !== other.lines.length) return false;
  if (one.orderedBy !== undefined || other.orderedBy !== undefined) return one.orderedBy === other.orderedBy && one.lines.every((line, index) => line === other.lines[index]);
  const sorted = (answer: Answer) => [...answer.lines].sort();
  const otherLines = sorted(other);
  return sorted(one).every((line, index) => line === otherLines[index]);
}

function isNothing(value: unknown): boolean {
  return value === null || value === undefined || value === '' || Number(value) === 0;
}

/** The first order key as what it sorts by (a column, a group, a measure's aggregate of what), with its direction. */
function firstOrder(query: LogicalQuery): string | undefined {
  const [first] = query.order;
  if (first === undefined) return undefined;
  const column = query.columns.find((entry) => entry.id === first.id);
  const dimension = query.dimensions.find((entry) => entry.id === first.id);
  const measure = query.measures.find((entry) => entry.id === first.id);
  const by = column?.field ?? (dimension ? { ...dimension.field, grain: dimension.grain } : undefined) ?? (measure ? { aggregate: measure.aggregate, expression: measure.expression, where: measure.where } : first.id);
  return JSON.stringify({ by, direction: first.direction });
}

/** Numbers however the driver typed them (2, 2n, "2.00"), dates as ISO text. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}
