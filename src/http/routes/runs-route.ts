import type { FastifyInstance } from 'fastify';
import type { RunService } from '../../runs/run-service.ts';
import { isFileFormat, parseFormat } from '../../render/answer.ts';
import { runEnvelope } from '../../runs/run-envelope.ts';
import { problemResponses, runResponse } from '../schemas.ts';
import { abortOnDisconnect } from '../abort-on-disconnect.ts';
import { requestedFormat } from '../response-format.ts';
import { sendRunFile } from '../run-replies.ts';

export function registerRunsRoute(app: FastifyInstance, runs: RunService): void {
  app.get<{ Params: { runId: string }; Querystring: { wait?: number; format?: string } }>('/api/v1/runs/:runId', {
    schema: {
      summary: 'Read a run; with wait, hold the request until it ends or the wait passes. Free.',
      description: 'With format=csv or xlsx (or `Accept: text/csv`; also when the run was asked for in one of them): a complete '
        + 'run answers with the file, a run not yet ended 202 (poll again), a failed run the problem of its error.',
      tags: ['runs'],
      params: { type: 'object', required: ['runId'], properties: { runId: { type: 'string' } } },
      querystring: {
        type: 'object',
        properties: {
          wait: { type: 'integer', minimum: 0, maximum: 60, default: 0, description: 'seconds' },
          format: { type: 'string', description: 'Re-render a complete answer: json, text, email, csv or xlsx.' },
        },
      },
      response: {
        200: runResponse,
        202: { $ref: 'PendingRun#' },
        ...problemResponses(400, 401, 404, 422, 429, 502, 504),
      },
    },
  }, async (request, reply) => {
    // Checked before waiting: a bad format is refused at once.
    const asked = request.query.format === undefined ? undefined : parseFormat(request.query.format, 'json');
    const controller = abortOnDisconnect(reply);
    const run = await runs.get(request.caller.workspace.id, request.params.runId, (request.query.wait ?? 0) * 1000, controller.signal);
    const format = asked ?? requestedFormat(request, undefined, parseFormat(run.format, 'json'));
    if (isFileFormat(format)) return sendRunFile(reply, run, format);
    return runEnvelope(run, format);
  });
}
