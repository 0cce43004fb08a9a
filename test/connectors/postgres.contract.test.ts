import pg from 'pg';
import { createPostgresConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { connectorContract } from '../contracts/connector.contract.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { postgresFixtureSql } from './postgres-fixture.ts';

const PASSWORD = 'contract-s3cret-pw';

connectorContract({
  name: 'PostgreSQL connector on a PostgreSQL server',
  dialect: 'postgresql',
  async setup() {
    const database = await createTestDatabase('querent_test');
    const adminClient = new pg.Client({ connectionString: database.url });
    await adminClient.connect();
    await adminClient.query(postgresFixtureSql());
    // Statistics as a running server would have them (row estimates, pg_stats).
    await adminClient.query('ANALYZE');
    const admin = async (sql: string) => (await adminClient.query<unknown[]>({ text: sql, rowMode: 'array' })).rows;
    const url = new URL(database.url);
    const withPassword = (change: (target: URL) => void) => {
      const target = new URL(url);
      target.username = 'postgres';
      target.password = PASSWORD;
      change(target);
      return target.toString();
    };
    return {
      connector: createPostgresConnector({ url: database.url }),
      statements: {
        insertCustomer: `INSERT INTO customers (id, name, active) VALUES (99, 'Intruder', true)`,
        sleep: (seconds, marker) => `SELECT pg_sleep(${seconds}), '${marker}' AS marker`,
      },
      admin,
      async countCustomers() {
        return Number((await admin('SELECT count(*) FROM customers'))[0]![0]);
      },
      async runningStatements(marker) {
        const rows = await admin(`SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE '%${marker}%'`);
        return Number(rows[0]![0]);
      },
      broken() {
        const connector = (label: string, change: (target: URL) => void) => ({
          label,
          password: PASSWORD,
          connector: createPostgresConnector({ url: withPassword(change), connectTimeoutMs: 3_000 }),
        });
        return [
          connector('port with no server', (target) => { target.port = '1'; }),
          connector('unknown host', (target) => { target.hostname = 'no-such-host.invalid'; }),
          connector('missing database', (target) => { target.pathname = '/querent_no_such_database'; }),
          connector('TLS required, server without TLS', (target) => { target.searchParams.set('sslmode', 'require'); }),
        ];
      },
      async teardown() {
        await adminClient.end();
        await database.drop();
      },
    };
  },
});
