import type { FastifyInstance } from 'fastify';
import type { RunService } from '../../runs/run-service.ts';
import type { AnswerFormat } from '../../render/answer.ts';
import { runEnvelope } from '../../runs/run-envelope.ts';
import { parseFormat } from '../../render/answer.ts';
import { problemResponses } from '../schemas.ts';
import { abortOnDisconnect } from '../abort-on-disconnect.ts';

export function registerRunsRoute(app: FastifyInstance, runs: RunService): void {
  app.get<{ Params: { runId: string }; Querystring: { wait?: number; format?: string } }>('/api/v1/runs/:runId', {
    schema: {
      summary: 'Read a run; with wait, hold the request until it ends or the wait passes. Free.',
      tags: ['runs'],
      params: { type: 'object', required: ['runId'], properties: { runId: { type: 'string' } } },
      querystring: {
        type: 'object',
        properties: {
          wait: { type: 'integer', minimum: 0, maximum: 60, default: 0, description: 'seconds' },
          format: { type: 'string', description: 'Re-render a complete answer: json, text or email.' },
        },
      },
      response: { 200: { $ref: 'Run#' }, ...problemResponses(400, 401, 404, 429) },
    },
  }, async (request, reply) => {
    const format = request.query.format === undefined ? undefined : parseFormat(request.query.format, 'json');
    const controller = abortOnDisconnect(reply);
    const run = await runs.get(request.caller.workspace.id, request.params.runId, (request.query.wait ?? 0) * 1000, controller.signal);
    return runEnvelope(run, format ?? (run.format as AnswerFormat));
  });
}
