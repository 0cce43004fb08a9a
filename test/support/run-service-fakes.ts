/**
 * What a run service needs around it to answer, faked for tests of the run service itself: a
 * registry whose connector answers every query with one row, and a connection service that finds
 * the one connection given.
 */
import type { Connector } from '../../src/connectors/connector.ts';
import type { ConnectionService } from '../../src/services/connection-service.ts';
import type { ConnectorRegistry } from '../../src/services/connector-registry.ts';
import type { ConnectionRecord } from '../../src/store/connections-repository.ts';

export function oneRowRegistry(): ConnectorRegistry {
  const connector = {
    kind: 'postgresql',
    compile: () => ({ language: 'sql', dialect: 'postgresql', text: 'SELECT 1', params: [] }),
    execute: async () => ({ columns: [{ name: 'n', type: 'integer' }], rows: [[1]], truncated: false }),
  } as unknown as Connector;
  return {
    connector: async () => connector,
    knowledge: async () => ({ catalog: { entities: [] }, values: [], loadedAt: Date.now() }),
  } as unknown as ConnectorRegistry;
}

/** Finds `connection()` whatever is asked (it is read when a run is taken up, so it may be set after this is made). */
export function oneConnectionService(connection: () => ConnectionRecord): ConnectionService {
  return { find: async () => connection() } as unknown as ConnectionService;
}
