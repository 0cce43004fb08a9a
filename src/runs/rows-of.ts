/**
 * The rows a query gives on a connection as the asker would see them (pivoted, earlier buckets
 * left out), for the engine to compare readings by their answer. Undefined when the bound cut them.
 */
import type { Catalog } from '../connectors/catalog.ts';
import type { Connector, ExecuteOptions } from '../connectors/connector.ts';
import type { RowsOf } from '../engine/readings/same-rows.ts';
import { shapeAnswer } from '../render/answer-rows.ts';

export function rowsOnConnection(connector: Connector, catalog: Catalog, options: ExecuteOptions): RowsOf {
  return async (query) => {
    const result = await connector.execute(connector.compile(query, catalog), options);
    return result.truncated ? undefined : shapeAnswer(query, result).result.rows;
  };
}
