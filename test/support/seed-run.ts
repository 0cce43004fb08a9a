/**
 * Puts a complete run straight into a stopped server's store, for tests that need an answer whatever
 * the question engine makes of a prompt (the run's output is what a run stores: the renderer's input).
 */
import type { RunOutput } from '../../src/runs/run-output.ts';
import type { ResultColumn } from '../../src/connectors/connector.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { openStore } from '../../src/store/open-store.ts';
import { insertRun, markComplete, markRunning } from '../../src/store/runs-repository.ts';
import { newRunId } from '../../src/core/ids.ts';

export async function seedCompleteRun(dataDir: string, run: { workspaceId: string; connectionId: number; format: string; output: RunOutput }): Promise<string> {
  const db = await openStore({ dataDir });
  try {
    const id = newRunId();
    await insertRun(db, { id, workspaceId: run.workspaceId, connectionId: run.connectionId, keyId: null, prompt: run.output.question, format: run.format });
    await markRunning(db, id);
    await markComplete(db, id, run.output);
    return id;
  } finally {
    await db.close();
  }
}

/** A list of orders with the values an export must keep exactly: quotes, commas, line breaks, non-ASCII, nulls, long decimals. */
export function ordersOutput(): RunOutput {
  const select = (id: string, label: string) => ({ id, label, field: field('orders', id) });
  const query: LogicalQuery = {
    kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], filters: [], having: [], order: [],
    columns: [select('order_id', 'Order'), select('customer', 'Customer'), select('order_date', 'Order date'),
      select('amount', 'Amount'), select('shipped_at', 'Shipped at'), select('paid', 'Paid')],
  };
  const columns: ResultColumn[] = [
    { name: 'order_id', type: 'integer' }, { name: 'customer', type: 'text' }, { name: 'order_date', type: 'date' },
    { name: 'amount', type: 'number' }, { name: 'shipped_at', type: 'timestamp' }, { name: 'paid', type: 'boolean' },
  ];
  const rows: unknown[][] = [
    [1001, 'Acme, Inc.', '2024-03-01', 0.30000000000000004, '2024-03-02T09:15:00.000Z', true],
    [1002, 'The "Best" Café — 日本', '2024-03-15', 1234567.891, null, false],
    [1003, 'two\r\nlines', '2024-12-31', -5, '2024-12-31T23:59:59.000Z', null],
    [1004, '=SUM(A1:A2)', null, 9007199254740991, '2025-01-01T00:00:00.000Z', true],
  ];
  return {
    question: 'List the orders', query,
    compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT 1', params: [] },
    result: { columns, rows, truncated: false },
    interpretation: 'Every order.', assumptions: [], connectionName: 'Seeded', answeredAt: '2025-02-03T10:20:30.000Z',
  };
}
