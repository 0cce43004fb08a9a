/**
 * The MCP tools: the API's calls (context, connections, chat, runs) as tools an assistant can call.
 * Transport-free: the same functions serve `POST /mcp` and `querent mcp` (stdio).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Caller, KeyService } from '../services/key-service.ts';
import type { PromptService } from '../services/prompt-service.ts';
import type { ConnectionService } from '../services/connection-service.ts';
import type { RunService } from '../runs/run-service.ts';
import type { RunRecord } from '../store/runs-repository.ts';
import type { AnswerFormat } from '../render/answer.ts';
import type { ConnectionKind } from '../connectors/connector.ts';
import type { Logger } from '../core/logger.ts';
import { QuerentError, isQuerentError } from '../core/errors.ts';
import { newRequestId } from '../core/ids.ts';
import { isFinished, type RunState } from '../store/run-states.ts';
import { runEnvelope, runError, type RunEnvelope } from '../runs/run-envelope.ts';
import { problemOf } from '../http/problem.ts';
import { SHARED_SCHEMAS, connectionSchema, contextSchema, runEnvelopeSchema } from '../http/schemas.ts';

export interface McpServices {
  readonly prompts: PromptService;
  readonly connections: ConnectionService;
  readonly runs: RunService;
  /** How long `ask` waits for the answer before it returns the run id to poll, ms (the chat window). */
  readonly chatWaitMs: number;
  readonly logger: Logger;
}

/** The longest `get_run` wait, seconds (as `GET /runs/{id}?wait=`). */
const MAX_WAIT_SECONDS = 60;

/**
 * A schema of ours as an MCP output schema: self-contained, the shared schemas it refers to
 * (`$ref: 'JsonAnswer#'`) inlined and without the `$id`s used to register them with Fastify.
 */
function inline(schema: { readonly $id: string; readonly type: 'object' }): { type: 'object'; [keyword: string]: unknown } {
  const shared = new Map<string, unknown>(SHARED_SCHEMAS.map((entry) => [`${entry.$id}#`, entry]));
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (node === null || typeof node !== 'object') return node;
    const { $ref, $id: _id, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string' && shared.has($ref)) return resolve(shared.get($ref));
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolve(value)]));
  };
  return resolve(schema) as { type: 'object' };
}

export const MCP_TOOLS = [
  {
    name: 'get_context',
    title: 'Workspace and prompts',
    description: 'The workspace this API key belongs to and the prompts it has left (an answer costs 1). Free.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: inline(contextSchema),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'list_connections',
    title: 'Connections',
    description: 'The data sources of the workspace (sample ones have fictional data); pass an id as connectionId to ask. Free.',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        kind: { type: 'string', enum: ['postgresql', 'mysql', 'odoo'], description: 'only connections of this kind' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page' },
      },
    },
    outputSchema: {
      type: 'object',
      required: ['data', 'nextCursor'],
      properties: { data: { type: 'array', items: inline(connectionSchema) }, nextCursor: { type: ['string', 'null'] } },
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'ask',
    title: 'Ask a question',
    description: 'Ask a plain-language question about one connection; read-only. Costs 1 prompt per answer (a question '
      + 'it cannot read is not charged and comes back with suggestions). Waits for the answer up to the chat window; '
      + 'a run still going then is returned with its runId: call get_run to wait for it.',
    inputSchema: {
      type: 'object',
      required: ['connectionId', 'prompt'],
      additionalProperties: false,
      properties: {
        connectionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: 'id from list_connections' },
        prompt: { type: 'string', minLength: 1, pattern: '\\S', description: 'the question, in plain words' },
        previousRunId: { type: 'string', description: 'a complete run of this connection that the question follows up ("and last year?", "only in Germany")' },
        format: {
          type: 'string', enum: ['json', 'text', 'email'], default: 'json',
          description: 'json (default): text, interpretation, tables, figures and the query; text: sentences only; email: a ready message',
        },
      },
    },
    outputSchema: inline(runEnvelopeSchema),
    annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: false },
  },
  {
    name: 'get_run',
    title: 'Read a run',
    description: 'A run started by ask, with its answer once complete; wait holds the call until the run ends (seconds). Free.',
    inputSchema: {
      type: 'object',
      required: ['runId'],
      additionalProperties: false,
      properties: {
        runId: { type: 'string', minLength: 1, maxLength: 200 },
        wait: { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS, default: 0, description: 'seconds to wait for the run to end' },
        format: { type: 'string', enum: ['json', 'text', 'email'], description: 'render a complete answer in this form (free)' },
      },
    },
    outputSchema: inline(runEnvelopeSchema),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
] as const satisfies readonly Tool[];

export type McpToolName = (typeof MCP_TOOLS)[number]['name'];

interface ToolArguments {
  get_context: Record<string, never>;
  list_connections: { kind?: ConnectionKind; limit: number; cursor?: string };
  ask: { connectionId: number; prompt: string; format: AnswerFormat; previousRunId?: string };
  get_run: { runId: string; wait: number; format?: AnswerFormat };
}

const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true, coerceTypes: false });
const validators = new Map<string, ValidateFunction>(MCP_TOOLS.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]));

export function isMcpToolName(name: string): name is McpToolName {
  return validators.has(name);
}

/**
 * Calls a tool as `caller`. Failures the caller can act on (a declined question, no prompts left,
 * an unknown connection) are tool results with `isError: true`: the first text block says what
 * happened and what to try, the second holds the problem object as the API would answer it.
 */
export async function callMcpTool(
  services: McpServices, caller: Caller, name: McpToolName, rawArguments: unknown, signal?: AbortSignal,
): Promise<CallToolResult> {
  try {
    const args = structuredClone(rawArguments ?? {}) as Record<string, unknown>;
    const validate = validators.get(name)!;
    if (!validate(args)) {
      const issue = validate.errors?.[0];
      throw new QuerentError('invalid_request', `${name}: arguments${issue?.instancePath ?? ''} ${issue?.message ?? 'are invalid'}.`);
    }
    switch (name) {
      case 'get_context': return await getContext(services, caller);
      case 'list_connections': return await listConnections(services, caller, args as ToolArguments['list_connections']);
      case 'ask': return await ask(services, caller, args as ToolArguments['ask'], signal);
      case 'get_run': return await getRun(services, caller, args as ToolArguments['get_run'], signal);
    }
  } catch (error) {
    if (isQuerentError(error)) return problemResult(error);
    services.logger.error({ err: error, tool: name }, 'MCP tool failed');
    return problemResult(new QuerentError('internal_error', 'Something went wrong on our side; the tool call can be retried.'));
  }
}

/** Calls a tool with an API key (stdio): a key that is missing, wrong or revoked is the tool's error. */
export async function callMcpToolWithKey(
  services: McpServices & { readonly keys: KeyService }, apiKey: string, name: McpToolName, rawArguments: unknown, signal?: AbortSignal,
): Promise<CallToolResult> {
  let caller: Caller;
  try {
    caller = await services.keys.authenticate(apiKey);
  } catch (error) {
    if (isQuerentError(error)) return problemResult(error);
    throw error;
  }
  return callMcpTool(services, caller, name, rawArguments, signal);
}

/** A result that names what went wrong (invalid_api_key, …) without calling any tool. */
export function problemResult(error: QuerentError): CallToolResult {
  const problem = problemOf(error, newRequestId());
  const suggestions = Array.isArray(problem.suggestions) ? (problem.suggestions as string[]) : [];
  const lines = [`${problem.code} (${problem.status}): ${problem.detail}`];
  if (typeof problem.reason === 'string') lines.push(`Reason: ${problem.reason}.`);
  if (suggestions.length > 0) lines.push('Questions this connection can answer, to try instead:', ...suggestions.map((line) => `- ${line}`));
  if (error.code === 'insufficient_prompts') lines.push('The workspace has run out of prompts; an operator adds more with "querent prompts grant".');
  return {
    isError: true,
    content: [{ type: 'text', text: lines.join('\n') }, { type: 'text', text: JSON.stringify(problem) }],
  };
}

async function getContext(services: McpServices, caller: Caller): Promise<CallToolResult> {
  const balance = await services.prompts.balance(caller.workspace.id);
  const context = {
    workspace: { id: caller.workspace.id, name: caller.workspace.name },
    prompts: { remaining: balance.remaining, used: balance.used },
    key: { id: caller.key.id, name: caller.key.name },
  };
  const text = `Workspace ${context.workspace.name} (${context.workspace.id}): ${context.prompts.remaining} prompt(s) remaining, `
    + `${context.prompts.used} used. Key ${context.key.name} (${context.key.id}).`;
  return { content: [{ type: 'text', text }], structuredContent: context };
}

async function listConnections(services: McpServices, caller: Caller, args: ToolArguments['list_connections']): Promise<CallToolResult> {
  const page = await services.connections.list(caller.workspace.id, { limit: args.limit, cursor: args.cursor, kind: args.kind });
  const lines = page.data.map((connection) =>
    `${connection.id}: ${connection.name} (${connection.kind}${connection.sample ? ', sample data' : ''}) — ${connection.description}`);
  if (page.nextCursor) lines.push(`More: call list_connections with cursor "${page.nextCursor}".`);
  const structured = JSON.parse(JSON.stringify(page)) as Record<string, unknown>;
  return { content: [{ type: 'text', text: lines.join('\n') || 'No connections.' }], structuredContent: structured };
}

async function ask(services: McpServices, caller: Caller, args: ToolArguments['ask'], signal?: AbortSignal): Promise<CallToolResult> {
  const run = await services.runs.ask({
    workspaceId: caller.workspace.id, keyId: caller.key.id, connectionId: args.connectionId, prompt: args.prompt, format: args.format,
    ...(args.previousRunId ? { previousRunId: args.previousRunId } : {}),
  }, services.chatWaitMs, signal);
  return runResult(run, args.format);
}

async function getRun(services: McpServices, caller: Caller, args: ToolArguments['get_run'], signal?: AbortSignal): Promise<CallToolResult> {
  const run = await services.runs.get(caller.workspace.id, args.runId, args.wait * 1000, signal);
  return runResult(run, args.format ?? (run.format === 'text' || run.format === 'email' ? run.format : 'json'));
}

/** A run as a tool result: its answer (text, and the envelope as structured content), its failure, or where it stands. */
async function runResult(run: RunRecord, format: AnswerFormat): Promise<CallToolResult> {
  if (run.status === 'failed') return problemResult(runError(run));
  const envelope = JSON.parse(JSON.stringify(await runEnvelope(run, format))) as RunEnvelope & Record<string, unknown>;
  if (!isFinished(run.status as RunState)) {
    const text = `Run ${run.id} is ${run.status}; the answer is not ready yet. `
      + `Call get_run with runId "${run.id}" and wait (up to ${MAX_WAIT_SECONDS} seconds) for it.`;
    return { content: [{ type: 'text', text }], structuredContent: envelope };
  }
  return { content: [{ type: 'text', text: answerText(envelope.answer) }], structuredContent: envelope };
}

function answerText(answer: unknown): string {
  const { text, subject } = (answer ?? {}) as { text?: string; subject?: string };
  return subject ? `Subject: ${subject}\n\n${text ?? ''}` : (text ?? '');
}
