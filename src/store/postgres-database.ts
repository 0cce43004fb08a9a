import pg from 'pg';
import type { Database, Queryable } from './database.ts';

export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const client = await pool.connect();
  client.release();
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query(text, params as unknown[]);
      return result.rows as Row[];
    },
  });
  return {
    kind: 'postgresql',
    ...queryable(pool),
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(queryable(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
