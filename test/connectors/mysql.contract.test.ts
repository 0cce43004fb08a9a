import { randomBytes } from 'node:crypto';
import { createMysqlConnector } from '../../src/connectors/mysql/mysql-connector.ts';
import { connectorContract } from '../contracts/connector.contract.ts';
import { createMysqlTestDatabase, identifier, mysqlFixtureStatements } from './mysql-fixture.ts';

const PASSWORD = 'contract-s3cret-pw';

connectorContract({
  name: 'MySQL connector on a MariaDB server',
  dialect: 'mysql',
  async setup() {
    const database = await createMysqlTestDatabase();
    for (const statement of mysqlFixtureStatements()) await database.admin.query(statement);
    // A user with a password, for the failures that need one (wrong password, a database it may not use).
    const user = `querent_${randomBytes(4).toString('hex')}`;
    await database.admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${PASSWORD}'`);
    await database.admin.query(`GRANT SELECT ON ${identifier(database.name)}.* TO '${user}'@'%'`);
    const admin = async (sql: string) => (await database.admin.query({ sql, rowsAsArray: true }))[0] as unknown[][];
    const withUser = (change: (target: URL) => void, password = PASSWORD) => {
      const target = new URL(database.url);
      target.username = user;
      target.password = password;
      change(target);
      return target.toString();
    };
    return {
      connector: createMysqlConnector({ url: database.url }),
      statements: {
        insertCustomer: `INSERT INTO customers (id, name, active) VALUES (99, 'Intruder', TRUE)`,
        sleep: (seconds, marker) => `SELECT SLEEP(${seconds}), '${marker}' AS marker`,
      },
      admin,
      async countCustomers() {
        return Number((await admin('SELECT COUNT(*) FROM customers'))[0]![0]);
      },
      async runningStatements(marker) {
        const rows = await admin(`SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND INFO LIKE '%${marker}%'`);
        return Number(rows[0]![0]);
      },
      broken() {
        const connector = (label: string, change: (target: URL) => void, password = PASSWORD) => ({
          label,
          password,
          connector: createMysqlConnector({ url: withUser(change, password), connectTimeoutMs: 3_000 }),
        });
        return [
          connector('port with no server', (target) => { target.port = '1'; }),
          connector('unknown host', (target) => { target.hostname = 'no-such-host.invalid'; }),
          connector('missing database', (target) => { target.pathname = '/querent_no_such_database'; }),
          connector('wrong password', () => {}, 'not-the-password-9f2'),
          connector('TLS required, server without TLS', (target) => { target.searchParams.set('ssl-mode', 'required'); }),
        ];
      },
      async teardown() {
        await database.admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
        await database.drop();
      },
    };
  },
});
