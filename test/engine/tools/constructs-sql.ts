/**
 * Prints a constructs dataset (DDL and rows) as SQL for a real PostgreSQL server:
 *   node test/engine/tools/constructs-sql.ts fieldservice [--anchor 2026-11] | psql -d mydb
 * The anchor month is the data's last month (default: the current month); relative questions
 * ("last month", "the last 12 months") find rows only when it is the current month.
 */
import { parseArgs } from 'node:util';
import { constructsDatasetSql, CONSTRUCTS_SLUGS, isConstructsSlug } from '../fixtures/constructs/constructs-datasets.ts';

const { values: options, positionals } = parseArgs({ options: { anchor: { type: 'string' } }, allowPositionals: true });
const slug = positionals[0] ?? '';
if (!isConstructsSlug(slug)) throw new TypeError(`Usage: constructs-sql.ts <${CONSTRUCTS_SLUGS.join('|')}> [--anchor YYYY-MM]`);
const anchor = options.anchor === undefined ? new Date() : new Date(`${options.anchor}-15T12:00:00Z`);
if (Number.isNaN(anchor.getTime())) throw new TypeError(`Bad anchor ${options.anchor}; expected YYYY-MM`);
process.stdout.write(constructsDatasetSql(slug, anchor));
