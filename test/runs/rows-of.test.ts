/** A run's reads: the rows a comparison of readings read are not read again for the answer. */
import { expect, it } from 'vitest';
import type { CompiledQuery, Connector, ResultTable } from '../../src/connectors/connector.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { executeOnce, rowsOnConnection } from '../../src/runs/rows-of.ts';

const query = (root: string): LogicalQuery => ({
  kind: 'select', root, joins: [], measures: [], dimensions: [], filters: [], having: [], order: [],
  columns: [{ id: 'name', label: 'Name', field: field(root, 'name') }],
});

function countingConnector(truncated = false) {
  const executed: string[] = [];
  const connector = {
    compile: (logical: LogicalQuery): CompiledQuery => ({ language: 'sql', dialect: 'postgresql', text: `SELECT name FROM ${logical.root}`, params: [] }),
    execute: async (compiled: CompiledQuery): Promise<ResultTable> => {
      executed.push(compiled.text);
      return { columns: [{ name: 'name', type: 'text' }], rows: [['Ana'], ['Tom']], truncated };
    },
  } as unknown as Connector;
  return { connector, executed };
}

it('executes each statement once for the comparison and the answer', async () => {
  const { connector, executed } = countingConnector();
  const execute = executeOnce(connector, {});
  const rowsOf = rowsOnConnection(connector, { entities: [] }, {}, execute);
  expect(await rowsOf(query('member'))).toEqual([['Ana'], ['Tom']]);
  await rowsOf(query('guest'));
  const answer = await execute(connector.compile(query('member'), { entities: [] }));
  expect(answer.rows).toEqual([['Ana'], ['Tom']]);
  expect(executed).toEqual(['SELECT name FROM member', 'SELECT name FROM guest']);
});

it('tells nothing of rows the bound cut', async () => {
  const { connector } = countingConnector(true);
  expect(await rowsOnConnection(connector, { entities: [] }, {})(query('member'))).toBeUndefined();
});
