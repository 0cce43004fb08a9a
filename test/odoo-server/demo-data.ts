/** The whole demo dataset, seeded (no Math.random), with fixed creation dates so checksums are stable. */
import { buildBaseTables, type DemoTables } from './demo-data-base.ts';
import { buildOperationsTables } from './demo-data-operations.ts';
import { buildSalesTables } from './demo-data-sales.ts';
import { DemoRandom } from './demo-random.ts';

const SEED = 20_240_617;
const CREATED = '2024-01-02 08:00:00';

export function buildDemoData(): DemoTables {
  const random = new DemoRandom(SEED);
  const tables: DemoTables = new Map();
  buildBaseTables(random, tables);
  buildSalesTables(random, tables);
  buildOperationsTables(random, tables);
  for (const [table, rows] of tables) {
    if (table.endsWith('_rel')) continue;
    for (const row of rows) {
      row.create_date ??= CREATED;
      row.write_date ??= row.create_date;
    }
  }
  return tables;
}
