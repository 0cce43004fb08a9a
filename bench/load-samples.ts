/**
 * Loads both sample datasets into the test PostgreSQL and MariaDB servers, for trying questions by
 * hand: `npx node bench/load-samples.ts [prefix]` creates `<prefix>_wholesale`, `<prefix>_saas` on
 * each (default prefix `querent_sample`, dropped first when present) and prints their URLs.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { SAMPLE_DATASETS } from '../src/samples/sample-datasets.ts';
import { MYSQL_ADMIN_URL } from '../test/connectors/mysql-fixture.ts';
import { loadSampleIntoMariadb, loadSampleIntoPostgres } from '../test/support/sample-loaders.ts';
import { POSTGRES_ADMIN_URL, databaseUrl } from '../test/support/postgres-server.ts';

const prefix = process.argv[2] ?? 'querent_sample';
if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error('The prefix must be a lower-case SQL identifier.');

const postgres = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
await postgres.connect();
const mariadb = await mysql.createConnection({ uri: MYSQL_ADMIN_URL });
try {
  for (const { slug } of SAMPLE_DATASETS) {
    const name = `${prefix}_${slug}`;
    await postgres.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await postgres.query(`CREATE DATABASE "${name}"`);
    const loaded = await loadSampleIntoPostgres(slug, databaseUrl(name));
    console.log(`PostgreSQL ${databaseUrl(name)}: ${loaded.rows} rows in ${loaded.tables} tables, ${loaded.milliseconds} ms`);

    await mariadb.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await mariadb.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    await mariadb.query(`USE \`${name}\``);
    const mysqlLoaded = await loadSampleIntoMariadb(slug, mariadb);
    const url = new URL(MYSQL_ADMIN_URL);
    url.pathname = `/${name}`;
    console.log(`MariaDB ${url.toString()}: ${mysqlLoaded.rows} rows in ${mysqlLoaded.tables} tables, ${mysqlLoaded.milliseconds} ms`);
  }
} finally {
  await postgres.end();
  await mariadb.end();
}
