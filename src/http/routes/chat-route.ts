import type { FastifyInstance } from 'fastify';
import type { RunService } from '../../runs/run-service.ts';
import { QuerentError } from '../../core/errors.ts';
import { isFinished, type RunState } from '../../store/run-states.ts';
import { isFileFormat } from '../../render/answer.ts';
import { runEnvelope } from '../../runs/run-envelope.ts';
import { problemResponses, runResponse } from '../schemas.ts';
import { abortOnDisconnect } from '../abort-on-disconnect.ts';
import { requestedFormat } from '../response-format.ts';
import { sendPending, sendRunFile, sendRunProblem } from '../run-replies.ts';

interface ChatBody { connectionId: number; prompt: string; previousRunId?: string }
interface FormatQuery { format?: string }

export function registerChatRoute(app: FastifyInstance, runs: RunService, options: { chatWaitMs: number; promptMaxChars: number }): void {
  app.post<{ Body: ChatBody; Querystring: FormatQuery }>('/api/v1/chat', {
    schema: {
      summary: 'Ask a question about one connection. Costs 1 prompt per answer.',
      description: 'The answer comes in the run envelope (json, text, email), or, for csv and xlsx, as a file holding the '
        + 'first table of the answer. The format is a query parameter (or `Accept: text/csv`); a `format` in the body is refused.',
      tags: ['chat'],
      querystring: {
        type: 'object',
        properties: { format: { type: 'string', description: 'json (default), text, email, csv or xlsx' } },
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
          previousRunId: {
            type: 'string', minLength: 1, maxLength: 100,
            description: 'A follow-up: a complete run of the same workspace and connection whose reading this question refines '
              + '("and last year?"). Costs 1 prompt like any answer.',
          },
        },
      },
      response: {
        200: runResponse,
        202: { $ref: 'PendingRun#' },
        ...problemResponses(400, 401, 402, 404, 413, 415, 422, 429, 502, 504),
      },
    },
    // Before validation, so that the reason given is the misplaced format, whatever else is wrong.
    preValidation: async (request) => {
      const body = request.body as unknown;
      if (body !== null && typeof body === 'object' && Object.hasOwn(body, 'format')) {
        throw new QuerentError('invalid_request',
          'format is not a body field; pass it in the query string, e.g. POST /api/v1/chat?format=csv.', {
            extensions: { errors: [{ path: 'body.format', message: 'must be given as the query parameter ?format=' }] },
          });
      }
    },
  }, async (request, reply) => {
    const format = requestedFormat(request, request.query.format, 'json');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const controller = abortOnDisconnect(reply);
    const run = await runs.ask({
      workspaceId: request.caller.workspace.id,
      keyId: request.caller.key.id,
      connectionId: request.body.connectionId,
      prompt: request.body.prompt,
      format,
      idempotencyKey,
      ...(request.body.previousRunId === undefined ? {} : { previousRunId: request.body.previousRunId }),
    }, options.chatWaitMs, controller.signal);

    if (!isFinished(run.status as RunState)) return sendPending(reply, run, isFileFormat(format) ? format : undefined);
    if (run.status === 'failed') return sendRunProblem(reply, run);
    if (isFileFormat(format)) return sendRunFile(reply, run, format);
    return reply.status(200).send(await runEnvelope(run, format));
  });
}
