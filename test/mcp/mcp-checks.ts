/** What every MCP transport must do, as checks on a connected SDK client (shared by the stdio and HTTP suites). */
import { expect } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Questions the built-in engine answers on the wholesale sample, and one it declines. */
export const ANSWERED = 'how many customers per segment';
export const DECLINED = 'what is the weather';

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as CallToolResult;
}

export function texts(result: CallToolResult): string[] {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
}

/** The problem object an error result carries in its second text block. */
export function problemOf(result: CallToolResult): { code: string; status: number; detail: string; suggestions?: string[]; reason?: string } {
  expect(result.isError).toBe(true);
  return JSON.parse(texts(result)[1]!);
}

export async function wholesaleId(client: Client): Promise<number> {
  const listed = await callTool(client, 'list_connections');
  const { data } = listed.structuredContent as { data: { id: number; name: string; sample: boolean }[] };
  return data.find((connection) => connection.sample && /wholesale/i.test(connection.name))!.id;
}

/** A complete json answer: the sentences as text, the table as structured content. */
export function expectAnswered(result: CallToolResult): void {
  expect(result.isError ?? false).toBe(false);
  const run = result.structuredContent as { runId: string; status: string; answer: { text: string; tables: { columns: { name: string }[]; rows: unknown[][] }[] } };
  expect(run.status).toBe('complete');
  expect(run.runId).toMatch(/^run_/);
  expect(texts(result)[0]).toBe(run.answer.text);
  expect(run.answer.text).toMatch(/Retail/);
  const [table] = run.answer.tables;
  expect(table!.columns.map((column) => column.name)).toContain('segment');
  expect(table!.rows.length).toBeGreaterThanOrEqual(4);
}

export function expectDeclined(result: CallToolResult): void {
  const problem = problemOf(result);
  expect(problem.code).toBe('question_not_understood');
  expect(problem.status).toBe(422);
  expect(problem.suggestions!.length).toBeGreaterThan(0);
  expect(texts(result)[0]).toContain(problem.suggestions![0]);
}
