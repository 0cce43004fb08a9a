/**
 * The rows a query gives on a connection as the asker would see them (pivoted, earlier buckets
 * left out), for the engine to compare readings by their answer; undefined when the bound cut them.
 */
import type { Catalog } from '../connectors/catalog.ts';
import type { CompiledQuery, Connector, ExecuteOptions, ResultTable } from '../connectors/connector.ts';
import type { RowsOf } from '../engine/readings/same-rows.ts';
import { shapeAnswer } from '../render/answer-rows.ts';

export type Execute = (compiled: CompiledQuery) => Promise<ResultTable>;

export function rowsOnConnection(connector: Connector, catalog: Catalog, options: ExecuteOptions, execute: Execute = (compiled) => connector.execute(compiled, options)): RowsOf {
  return async (query) => {
    const result = await execute(connector.compile(query, catalog));
    return result.truncated ? undefined : shapeAnswer(query, result).result.rows;
  };
}

/**
 * One run's reads: each statement executed once however often it is asked for, so the answer a
 * comparison of readings already read is not read again.
 */
export function executeOnce(connector: Connector, options: ExecuteOptions): Execute {
  const results = new Map<string, Promise<ResultTable>>();
  return (compiled) => {
    const key = JSON.stringify([compiled.text, compiled.params], (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    let result = results.get(key);
    if (result === undefined) results.set(key, (result = connector.execute(compiled, options)));
    return result;
  };
}
