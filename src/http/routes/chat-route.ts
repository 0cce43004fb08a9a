import type { FastifyInstance } from 'fastify';
import type { RunService } from '../../runs/run-service.ts';
import { parseFormat } from '../../render/answer.ts';
import { QuerentError, isErrorCode } from '../../core/errors.ts';
import { isFinished, type RunState } from '../../store/run-states.ts';
import { runEnvelope } from '../../runs/run-envelope.ts';
import { sendProblem } from '../problem.ts';
import { problemResponses } from '../schemas.ts';
import { abortOnDisconnect } from '../abort-on-disconnect.ts';
import { assertStorableText } from '../storable-text.ts';

interface ChatBody { connectionId: number; prompt: string }
interface FormatQuery { format?: string }

/** Seconds a poller is told to wait before asking again. */
const RETRY_AFTER_SECONDS = 2;


export function registerChatRoute(app: FastifyInstance, runs: RunService, options: { chatWaitMs: number; promptMaxChars: number }): void {
  app.post<{ Body: ChatBody; Querystring: FormatQuery }>('/api/v1/chat', {
    schema: {
      summary: 'Ask a question about one connection. Costs 1 prompt per answer.',
      tags: ['chat'],
      querystring: {
        type: 'object',
        properties: { format: { type: 'string', description: 'json (default), text or email' } },
      },
      headers: {
        type: 'object',
        properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255 } },
      },
      body: {
        type: 'object',
        required: ['connectionId', 'prompt'],
        properties: {
          connectionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
          prompt: { type: 'string', minLength: 1, maxLength: options.promptMaxChars, pattern: '\\S' },
        },
      },
      response: {
        200: { $ref: 'Run#' },
        202: { $ref: 'PendingRun#' },
        ...problemResponses(400, 401, 402, 404, 413, 415, 422, 429, 502, 504),
      },
    },
  }, async (request, reply) => {
    assertStorableText('body.prompt', request.body.prompt);
    const format = parseFormat(request.query.format, 'json');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const controller = abortOnDisconnect(reply);
    const run = await runs.ask({
      workspaceId: request.caller.workspace.id,
      keyId: request.caller.key.id,
      connectionId: request.body.connectionId,
      prompt: request.body.prompt,
      format,
      idempotencyKey,
    }, options.chatWaitMs, controller.signal);

    if (!isFinished(run.status as RunState)) {
      const poll = `/api/v1/runs/${run.id}?wait=30`;
      return reply.status(202).header('location', `/api/v1/runs/${run.id}`).header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ runId: run.id, status: run.status, poll });
    }
    if (run.status === 'failed' && run.error) {
      const code = isErrorCode(run.error.code) ? run.error.code : 'internal_error';
      return sendProblem(reply, new QuerentError(code, run.error.message, {
        extensions: { runId: run.id, ...(run.error.reason ? { reason: run.error.reason } : {}), ...(run.error.suggestions ? { suggestions: run.error.suggestions } : {}) },
      }));
    }
    return reply.status(200).send(await runEnvelope(run, format));
  });
}
