/** A connector with its catalog and sampled values: what the engine plans against. */
import type { Catalog, ColumnValues } from '../../src/connectors/catalog.ts';
import type { Connector } from '../../src/connectors/connector.ts';

export interface ConnectorSource {
  readonly connector: Connector;
  readonly catalog: Catalog;
  readonly values: readonly ColumnValues[];
}

export async function loadSource(connector: Connector): Promise<ConnectorSource> {
  const catalog = await connector.introspect();
  return { connector, catalog, values: await connector.sampleValues(catalog) };
}
