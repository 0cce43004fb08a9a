import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const db = await PGlite.create(dataDir);
  const queryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(text, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  };
}
