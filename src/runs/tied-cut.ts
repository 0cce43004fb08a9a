/**
 * "Which occupation is the most common?" when three occupations have two players each: a limit
 * that cuts through rows tied on the order asked for picks among them by the tie-break alone (the
 * names' alphabetical order), which the question never asked. Such an answer would name one of
 * several equal rows as the answer, so the run declines it and names the tied rows instead.
 *
 * The rows the query returned come first; only when it returned as many rows as its limit is a
 * second, wider read of the same query made, to see the rows just past the cut.
 */
import type { Catalog } from '../connectors/catalog.ts';
import type { Connector, ResultTable } from '../connectors/connector.ts';
import type { LogicalQuery } from '../query/logical-query.ts';

/** Rows read past the cut, to name the tied ones. */
const PAST_THE_CUT = 10;
/** Tied rows named in the reason. */
const NAMED = 5;

export interface TiedCut {
  /** The tied rows' first shown values ("Student", "Parliamentarian", …), at most NAMED of them. */
  readonly tied: readonly string[];
  /** More rows tie than were read. */
  readonly more: boolean;
  /** The place the tied rows share (1 for the first), and how many rows the answer would need to hold them all. */
  readonly place: number;
  readonly through: number;
}

/** Whether the query's limit can cut through a tie of the order it asks for. */
export function cutsByOrder(query: LogicalQuery): query is LogicalQuery & { limit: number } {
  return query.limit !== undefined && query.order.length > 0 && query.limitPerGroup === undefined;
}

/** The tie at the cut of a query's rows read `PAST_THE_CUT` rows further, if the last row kept ties with the first one dropped. */
export function tieAtCut(query: LogicalQuery & { limit: number }, wider: ResultTable): TiedCut | undefined {
  const keys = query.order.map((entry) => wider.columns.findIndex((column) => column.name === entry.id));
  if (keys.some((index) => index < 0) || wider.rows.length <= query.limit) return undefined;
  const keyOf = (row: readonly unknown[]) => JSON.stringify(keys.map((index) => row[index]));
  const last = keyOf(wider.rows[query.limit - 1]!);
  if (keyOf(wider.rows[query.limit]!) !== last) return undefined;
  const tiedRows = wider.rows.filter((row) => keyOf(row) === last);
  const shown = wider.columns.findIndex((_, index) => !keys.includes(index));
  const label = (row: readonly unknown[]) => String(row[shown >= 0 ? shown : 0] ?? 'an empty value');
  const place = wider.rows.findIndex((row) => keyOf(row) === last) + 1;
  return {
    tied: tiedRows.slice(0, NAMED).map(label),
    // The last row read still ties: more may follow, unless the read ended before its limit.
    more: tiedRows.length > NAMED || (wider.rows.length >= query.limit + PAST_THE_CUT && keyOf(wider.rows.at(-1)!) === last),
    place,
    through: place - 1 + tiedRows.length,
  };
}

/** Reads the query again past its cut when its rows fill the limit; the tie there, if any. */
export async function findTiedCut(
  connector: Connector, query: LogicalQuery, catalog: Catalog, result: ResultTable, options: Parameters<Connector['execute']>[1],
): Promise<TiedCut | undefined> {
  if (!cutsByOrder(query) || result.rows.length < query.limit) return undefined;
  const wider = await connector.execute(connector.compile({ ...query, limit: query.limit + PAST_THE_CUT }, catalog), options);
  return tieAtCut(query, wider);
}

/** The tie in words: "\"Retired\" and \"Student\" tie for first place …; ask for the top 2 to see them all". */
export function describeTie(tie: TiedCut): string {
  const names = tie.tied.map((name) => `"${name}"`);
  const listed = tie.more ? `${names.join(', ')} and more` : names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
  const place = tie.place === 1 ? 'first place' : `place ${tie.place}`;
  const ask = tie.more ? `at least the top ${tie.through}` : `the top ${tie.through}`;
  return `${listed} tie for ${place} on what the question ranks by; ask for ${ask} to see them all`;
}
