/**
 * Planning speed of the built-in engine (question → logical query, no execution): p50/p99 on the
 * test fixtures and on a generated 1,000-table schema with foreign keys and a large value index;
 * then, on the wholesale sample in PGlite, what comparing readings by their rows adds to questions
 * whose readings are too close to tell apart by their words (planning on data, as a run plans).
 * Run: npx node bench/engine-bench.ts
 */
import type { Catalog, CatalogEntity, ColumnValues } from '../src/connectors/catalog.ts';
import { planQuestion, planQuestionOnData } from '../src/engine/builtin-engine.ts';
import { rowsOnConnection } from '../src/runs/rows-of.ts';
import { PREBUILT_SAMPLES_DIR } from '../src/samples/sample-datasets.ts';
import { openSampleSource } from '../test/engine/accuracy/evaluate-samples.ts';
import { saasCatalog, saasValues } from '../test/engine/fixtures/saas.ts';
import { wholesaleCatalog, wholesaleValues } from '../test/engine/fixtures/wholesale.ts';

const now = new Date('2025-05-10T12:00:00Z');

const WHOLESALE_QUESTIONS = [
  'How many customers are in Germany?', 'What was total revenue in 2024?', 'revenue by country', 'orders per month in 2024',
  'sales by category and year', 'top 5 products by quantity sold', 'which customer spent the most?', 'the 3 cheapest products',
  'cancelled orders', 'invoices of Acme Corp', 'invoices over 1000', 'customers not in France',
  'show the 10 most recent orders with their customer', 'how many customers ordered in 2024?', 'customers with more than 5 orders',
  'revenue 2023 vs 2024', 'what is the weather like', 'delete all customers',
];
const SAAS_QUESTIONS = [
  'total MRR', 'MRR by plan', 'how many active subscriptions are there?', 'total revenue in 2024', 'top 5 accounts by MRR',
  'number of urgent tickets by status', 'accounts with more than 3 tickets', 'tickets opened last week', 'which plan has the most subscriptions?',
];

const MODULES = ['sales', 'purchase', 'stock', 'account', 'hr', 'project', 'crm', 'mrp', 'pos', 'website', 'fleet', 'event', 'survey', 'repair', 'quality', 'maintenance', 'helpdesk', 'payroll', 'rental', 'subscription'];
const NOUNS = ['order', 'line', 'invoice', 'payment', 'partner', 'product', 'category', 'move', 'journal', 'employee', 'task', 'lead', 'team', 'warehouse', 'location', 'tag', 'stage', 'contract', 'batch', 'rule', 'template', 'report', 'channel', 'campaign', 'vendor', 'ticket', 'asset', 'budget', 'tax', 'currency', 'country', 'company', 'user', 'activity', 'attachment', 'picking', 'lot', 'route', 'workorder', 'bom', 'shift', 'skill', 'department', 'expense', 'timesheet', 'milestone', 'coupon', 'pricelist', 'shipment', 'review'];

/** 1,000 tables named like an ERP's (`sales_order_3`), each with a name, status, date, amount and 1–3 foreign keys. */
function generatedSchema(size: number): { catalog: Catalog; values: ColumnValues[] } {
  const entities: CatalogEntity[] = [];
  const values: ColumnValues[] = [];
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let index = 0; index < size; index += 1) {
    const module = MODULES[index % MODULES.length];
    const noun = NOUNS[Math.floor(index / MODULES.length) % NOUNS.length];
    const name = index < MODULES.length * NOUNS.length ? `${module}_${noun}` : `${module}_${noun}_${index}`;
    const foreignKeys = [];
    const columns = [
      { name: 'id', type: 'integer' as const, nativeType: 'integer', nullable: false },
      { name: 'name', type: 'text' as const, nativeType: 'text', nullable: true },
      { name: 'state', type: 'text' as const, nativeType: 'text', nullable: true },
      { name: 'create_date', type: 'timestamp' as const, nativeType: 'timestamp', nullable: true },
      { name: `amount_${['total', 'untaxed', 'residual'][index % 3]}`, type: 'number' as const, nativeType: 'numeric', nullable: true },
    ];
    const links = index === 0 ? 0 : 1 + Math.floor(random() * 3);
    for (let link = 0; link < links; link += 1) {
      const target = Math.floor(random() * index);
      const column = `${entities[target].name}_id`;
      if (columns.some((existing) => existing.name === column)) continue;
      columns.push({ name: column, type: 'integer', nativeType: 'integer', nullable: true });
      foreignKeys.push({ columns: [column], refEntity: entities[target].name, refColumns: ['id'] });
    }
    entities.push({ name, table: name, isView: false, rowCount: 1000 + index, primaryKey: ['id'], columns, foreignKeys });
    values.push({ entity: name, column: 'state', values: ['draft', 'confirmed', 'done', 'cancel', `state ${index}`] });
    values.push({ entity: name, column: 'name', values: Array.from({ length: 20 }, (_, row) => `${noun} ${module} ${index}-${row}`) });
  }
  return { catalog: { entities }, values };
}

const GENERATED_QUESTIONS = [
  'how many sales orders are there?', 'total amount of account invoices by state', 'sales orders per month in 2024',
  'number of helpdesk tickets by state', 'crm leads created last quarter', 'top 5 project tasks by amount',
  'how many stock pickings are done?', 'hr employees in state draft', 'average amount of purchase orders in 2024',
  'what is the weather like',
];

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function measure(label: string, context: { catalog: Catalog; values: readonly ColumnValues[]; now: Date }, questions: readonly string[], rounds: number): void {
  const coldStart = performance.now();
  for (const question of questions) planQuestion(question, context);
  const cold = performance.now() - coldStart;
  const times: number[] = [];
  let answered = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const question of questions) {
      const start = performance.now();
      const result = planQuestion(question, context);
      times.push(performance.now() - start);
      if (round === 0 && result.ok) answered += 1;
    }
  }
  times.sort((left, right) => left - right);
  console.log(`${label.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(3)} ms  p99 ${percentile(times, 0.99).toFixed(3)} ms  `
    + `(${times.length} plans; answered ${answered}/${questions.length}; first pass incl. index build ${cold.toFixed(1)} ms)`);
}

measure('wholesale (9 tables)', { catalog: wholesaleCatalog, values: wholesaleValues, now }, WHOLESALE_QUESTIONS, 200);
measure('saas (5 tables)', { catalog: saasCatalog, values: saasValues, now }, SAAS_QUESTIONS, 200);
const generated = generatedSchema(1_000);
const valueCount = generated.values.reduce((total, column) => total + column.values.length, 0);
measure(`generated (1,000 tables, ${valueCount} values)`, { ...generated, now }, GENERATED_QUESTIONS, 50);

/** Questions the sample's readings leave too close on words alone: planned on words, then on data. */
const CLOSE_QUESTIONS = [
  'List the customers in Austria', 'Which employees were hired in 2025?', 'Payments received by payment method',
  'Show the discontinued products and who supplies them', 'average discount rate on order lines', 'Which employees report to Julian Daum?',
];
const sampleNow = new Date();
const sample = await openSampleSource(process.env.QUERENT_SAMPLES_DIR ?? PREBUILT_SAMPLES_DIR, 'wholesale', sampleNow);
const sampleContext = { catalog: sample.catalog, values: sample.values, now: sampleNow };
const rowsOf = rowsOnConnection(sample.connector, sample.catalog, { maxRows: 10_000 });
const onWords: number[] = [];
const onData: number[] = [];
let answeredOnWords = 0;
let answeredOnData = 0;
for (const question of CLOSE_QUESTIONS) await planQuestionOnData(question, { ...sampleContext, rowsOf }, { suggest: false });
for (let round = 0; round < 20; round += 1) {
  for (const question of CLOSE_QUESTIONS) {
    let start = performance.now();
    const words = planQuestion(question, sampleContext, { suggest: false });
    onWords.push(performance.now() - start);
    start = performance.now();
    const data = await planQuestionOnData(question, { ...sampleContext, rowsOf }, { suggest: false });
    onData.push(performance.now() - start);
    if (round === 0 && words.ok) answeredOnWords += 1;
    if (round === 0 && data.ok) answeredOnData += 1;
  }
}
await sample.connector.close();
for (const [label, times, answered] of [['wholesale sample, on words', onWords, answeredOnWords], ['wholesale sample, on data', onData, answeredOnData]] as const) {
  const sorted = [...times].sort((left, right) => left - right);
  console.log(`${label.padEnd(28)} p50 ${percentile(sorted, 0.5).toFixed(3)} ms  p99 ${percentile(sorted, 0.99).toFixed(3)} ms  (${sorted.length} plans; answered ${answered}/${CLOSE_QUESTIONS.length})`);
}
