import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { storeContract } from '../contracts/store.contract.ts';

storeContract('PostgreSQL server', async () => {
  const database = await createTestDatabase('querent_store');
  const db = await openPostgresDatabase(database.url);
  return { db, async dispose() { await db.close(); await database.drop(); } };
});
