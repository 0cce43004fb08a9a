/**
 * `GET /metrics`: Prometheus text (prom-client), on the API port, without a key. Labels carry route
 * patterns, methods, status codes and outcomes only: never a workspace, a key or a raw URL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RunEndedEvent, RunService } from '../runs/run-service.ts';

const PREFIX = 'querent_';
/** The outcomes of an answer; a run handed back to another process has not ended and is not counted. */
const ANSWER_OUTCOMES = ['complete', 'declined', 'failed'] as const;
const RUN_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 30, 90];

type MetricsRuns = Pick<RunService, 'events' | 'countUnfinished'>;

export function registerMetrics(app: FastifyInstance, runs: MetricsRuns): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const, registers: [registry],
  });
  const httpSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`, help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const, buckets: HTTP_SECONDS_BUCKETS, registers: [registry],
  });
  const answers = new Counter({
    name: `${PREFIX}answers_total`, help: 'Runs ended by this process, by outcome (complete, declined, failed).',
    labelNames: ['outcome'] as const, registers: [registry],
  });
  const runSeconds = new Histogram({
    name: `${PREFIX}run_duration_seconds`, help: 'Time from taking a run to its end, by outcome.',
    labelNames: ['outcome'] as const, buckets: RUN_SECONDS_BUCKETS, registers: [registry],
  });
  const promptsCharged = new Counter({
    name: `${PREFIX}prompts_charged_total`, help: 'Prompts charged for answers recorded by this process.', registers: [registry],
  });
  new Gauge({
    name: `${PREFIX}runs_unfinished`, help: 'Runs queued or running, in all workspaces (the depth of the run queue).', registers: [registry],
    async collect() {
      this.set(await runs.countUnfinished());
    },
  });
  for (const outcome of ANSWER_OUTCOMES) {
    answers.inc({ outcome }, 0);
    runSeconds.zero({ outcome });
  }

  const onEnded = (event: RunEndedEvent): void => {
    if (event.outcome === 'handed_back') return;
    answers.inc({ outcome: event.outcome });
    runSeconds.observe({ outcome: event.outcome }, event.durationMs / 1000);
    if (event.promptsCharged > 0) promptsCharged.inc(event.promptsCharged);
  };
  runs.events.on('ended', onEnded);
  app.addHook('onClose', async () => {
    runs.events.off('ended', onEnded);
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern (`/api/v1/runs/:runId`), never the URL: ids would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()));
}
