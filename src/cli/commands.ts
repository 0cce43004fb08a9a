import type { Querent } from '../querent.ts';
import type { MemberRole } from '../store/workspaces-repository.ts';
import type { AnswerFormat, Format } from '../render/answer.ts';
import type { RunOutput } from '../runs/run-output.ts';
import type { ConnectionKind } from '../connectors/connector.ts';
import { QuerentError } from '../core/errors.ts';
import { countWorkspaces } from '../store/workspaces-repository.ts';
import { runEnvelope, runError } from '../runs/run-envelope.ts';
import { parseFormat } from '../render/answer.ts';
import { renderFile } from '../render/render-answer.ts';
import { toAnswerInput } from '../runs/run-output.ts';
import { problemOf } from '../http/problem.ts';
import { newRequestId } from '../core/ids.ts';
import { callMcpToolWithKey, isMcpToolName, type McpServices } from '../mcp/mcp-tools.ts';
import type { KeyService } from '../services/key-service.ts';

/**
 * The CLI's commands as plain functions of the services. They run in the CLI process, or, when a
 * server holds the embedded store, inside the server (sent over its admin socket).
 */
export type CommandArgs = Record<string, string | undefined>;
/**
 * What a command prints: `json` with --json, else `text`. `refused` (one line) makes the command
 * exit non-zero with that reason on stderr, after printing `json` when --json was given.
 */
export type CommandResult = { readonly json: Record<string, unknown>; readonly text: string; readonly refused?: string };
export type Command = (querent: Querent, args: CommandArgs) => Promise<CommandResult>;

/** The formats `querent ask` prints (xlsx is binary: ask the API for it). */
const ASK_FORMATS: readonly Format[] = ['json', 'text', 'email', 'csv'];

/** How long `querent ask` waits for an answer. */
const ASK_WAIT_MS = 10 * 60_000;

function required(args: CommandArgs, name: string): string {
  const value = args[name];
  if (value === undefined || value === '') throw new QuerentError('invalid_request', `--${name} is required.`);
  return value;
}

function positiveInteger(value: string, name: string): number {
  if (!/^\d{1,10}$/.test(value)) throw new QuerentError('invalid_request', `--${name} must be a positive whole number, got "${value}".`);
  return Number(value);
}

export async function createWorkspaceWithKey(querent: Querent, name: string, ownerEmail: string): Promise<{ workspaceId: string; apiKey: string; keyId: string }> {
  const workspace = await querent.workspaces.create({ name, ownerEmail });
  const key = await querent.keys.create({ workspaceId: workspace.id, asEmail: ownerEmail, name: 'initial' });
  return { workspaceId: workspace.id, apiKey: key.apiKey, keyId: key.id };
}

export const COMMANDS: Record<string, Command> = {
  async init(querent, args) {
    const existing = await countWorkspaces(querent.db);
    if (existing > 0) {
      throw new QuerentError('invalid_request',
        `Already initialised (${existing} workspace(s)); use "querent workspace create" or "querent key create".`);
    }
    const { workspaceId, apiKey } = await createWorkspaceWithKey(querent, args.name ?? 'My workspace', args.owner ?? 'owner@example.com');
    return { json: { workspaceId, apiKey }, text: `Workspace ${workspaceId}\nAPI key (shown once, keep it secret): ${apiKey}` };
  },
  async 'workspace list'(querent) {
    const workspaces = await querent.workspaces.list();
    const lines = workspaces.map((workspace) => `${workspace.id}  ${workspace.name}  created ${workspace.createdAt}`);
    return { json: { data: workspaces }, text: lines.join('\n') || 'No workspaces; "querent init" creates the first.' };
  },
  async 'workspace create'(querent, args) {
    const workspace = await querent.workspaces.create({ name: required(args, 'name'), ownerEmail: required(args, 'owner') });
    return { json: { id: workspace.id }, text: workspace.id };
  },
  async 'member add'(querent, args) {
    const role = required(args, 'role');
    if (!['owner', 'admin', 'member'].includes(role)) throw new QuerentError('invalid_request', `--role must be owner, admin or member, got "${role}".`);
    const input = { workspaceId: required(args, 'workspace'), email: required(args, 'email'), role: role as MemberRole };
    await querent.workspaces.addMember(input);
    return { json: { ...input }, text: `${input.email} is now ${role} of ${input.workspaceId}` };
  },
  async 'key create'(querent, args) {
    const key = await querent.keys.create({ workspaceId: required(args, 'workspace'), asEmail: required(args, 'as'), name: args.name });
    return { json: { id: key.id, apiKey: key.apiKey }, text: `Key ${key.id}\nAPI key (shown once, keep it secret): ${key.apiKey}` };
  },
  async 'key list'(querent, args) {
    const keys = await querent.keys.list(required(args, 'workspace'));
    const lines = keys.map((key) =>
      `${key.id}  ${key.name}  created ${key.createdAt} by ${key.createdBy}  last used ${key.lastUsedAt ?? 'never'}${key.revokedAt ? `  REVOKED ${key.revokedAt}` : ''}`);
    return { json: { data: keys }, text: lines.join('\n') || 'No keys.' };
  },
  async 'key revoke'(querent, args) {
    const id = required(args, 'id');
    await querent.keys.revoke(required(args, 'workspace'), id);
    return { json: { id, revoked: true }, text: `Key ${id} revoked.` };
  },
  async 'connection add'(querent, args) {
    const connection = await querent.connections.add({
      workspaceId: required(args, 'workspace'), kind: required(args, 'kind'), name: required(args, 'name'), url: required(args, 'url'),
      database: args.database, login: args.login, apiKey: args['api-key'], description: args.description,
    }, { test: args['no-test'] !== 'true' });
    return { json: { id: connection.id }, text: String(connection.id) };
  },
  async 'connection remove'(querent, args) {
    const id = positiveInteger(required(args, 'id'), 'id');
    await querent.connections.remove(required(args, 'workspace'), id);
    return { json: { id, removed: true }, text: `Connection ${id} removed.` };
  },
  async 'connection list'(querent, args) {
    const page = await querent.connections.list(required(args, 'workspace'), {
      limit: 100, kind: args.kind as ConnectionKind | undefined, cursor: args.cursor,
    });
    const lines = page.data.map((c) => `${c.id}  ${c.kind}  ${c.name}${c.sample ? '  (sample)' : ''}`);
    return { json: { ...page }, text: lines.join('\n') || 'No connections.' };
  },
  async 'connection test'(querent, args) {
    const id = positiveInteger(required(args, 'id'), 'id');
    await querent.connections.test(required(args, 'workspace'), id);
    return { json: { id, ok: true }, text: `Connection ${id} answers.` };
  },
  async 'connection refresh'(querent, args) {
    const id = positiveInteger(required(args, 'id'), 'id');
    await querent.connections.refresh(required(args, 'workspace'), id);
    return { json: { id, refreshed: true }, text: `Connection ${id}: its schema and values are re-read at the next question.` };
  },
  async 'prompts grant'(querent, args) {
    const balance = await querent.prompts.grant(required(args, 'workspace'), positiveInteger(required(args, 'amount'), 'amount'));
    return { json: { remaining: balance.remaining }, text: `${balance.remaining} prompt(s) remaining.` };
  },
  async ask(querent, args) {
    const format = parseFormat(args.format, 'text', ASK_FORMATS);
    const prompt = required(args, 'question');
    const run = await querent.runs.ask({
      workspaceId: required(args, 'workspace'), keyId: null, connectionId: positiveInteger(required(args, 'connection'), 'connection'),
      prompt, format, ...(args.after === undefined ? {} : { previousRunId: args.after }),
    }, ASK_WAIT_MS);
    if (run.status === 'failed') return declinedOrFailed(runError(run));
    if (format === 'csv') {
      const file = await renderFile('csv', toAnswerInput(run.output as RunOutput));
      const csv = file.body.toString('utf8');
      return { json: { ...(await runEnvelope(run, 'text')), format: 'csv', answer: { csv } }, text: csv };
    }
    // ASK_FORMATS leaves only the envelope's formats here.
    const envelope = await runEnvelope(run, format as AnswerFormat);
    return { json: { ...envelope }, text: answerText(envelope.answer, format as AnswerFormat) };
  },
  /**
   * Not a command of the CLI: how `querent mcp` calls a tool in the server that holds the embedded
   * store (over its admin socket). `arguments` is the tool's arguments as JSON.
   */
  async 'mcp call'(querent, args) {
    const tool = required(args, 'tool');
    if (!isMcpToolName(tool)) throw new QuerentError('invalid_request', `Unknown tool "${tool}".`);
    const result = await callMcpToolWithKey(mcpServices(querent), required(args, 'api-key'), tool, JSON.parse(args.arguments ?? '{}'));
    return { json: { ...result }, text: '' };
  },
};

/** What the MCP tools need, from the services of this process. */
export function mcpServices(querent: Querent): McpServices & { readonly keys: KeyService } {
  const { prompts, connections, runs, keys, logger, config } = querent;
  return { prompts, connections, runs, keys, logger, chatWaitMs: config.chatWaitMs };
}

/** A run that ended without an answer: its problem object (as the API answers it) and a one-line reason. */
function declinedOrFailed(error: QuerentError): CommandResult {
  const problem = problemOf(error, newRequestId());
  const suggestions = (error.extensions.suggestions as readonly string[] | undefined) ?? [];
  const tried = suggestions.length > 0 ? ` Try: ${suggestions.join(' | ')}` : '';
  return { json: { ...problem }, text: '', refused: `${error.code}: ${error.message}${tried}`.replaceAll('\n', ' ') };
}

function answerText(answer: unknown, format: AnswerFormat): string {
  const { text, mime } = (answer ?? {}) as { text?: string; mime?: string };
  if (format === 'text') return text ?? '';
  if (format === 'email') return mime ?? '';
  return JSON.stringify(answer, null, 2);
}
