import { PGlite } from '@electric-sql/pglite';
import { createPgliteConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { connectorContract } from '../contracts/connector.contract.ts';
import { postgresFixtureSql } from './postgres-fixture.ts';

connectorContract({
  name: 'PostgreSQL connector on PGlite (in memory)',
  dialect: 'postgresql',
  skip: {
    'interrupts-statements': 'PGlite runs single-threaded in WebAssembly: a running statement cannot be interrupted; it is discarded when it ends',
    unreachable: 'an in-process database cannot be unreachable',
  },
  async setup() {
    const db = await PGlite.create();
    await db.exec(postgresFixtureSql());
    const admin = async (sql: string) => (await db.query<unknown[]>(sql, [], { rowMode: 'array' })).rows;
    return {
      connector: createPgliteConnector(db),
      statements: {
        insertCustomer: `INSERT INTO customers (id, name, active) VALUES (99, 'Intruder', true)`,
        sleep: (seconds, marker) => `SELECT pg_sleep(${seconds}), '${marker}' AS marker`,
      },
      admin,
      async countCustomers() {
        return Number((await admin('SELECT count(*) FROM customers'))[0]![0]);
      },
      async teardown() {
        await db.close();
      },
    };
  },
});
