import type http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import { Ajv } from 'ajv';
import type { Logger } from '../core/logger.ts';
import type { Config } from '../config/config.ts';
import type { KeyService } from '../services/key-service.ts';
import type { PromptService } from '../services/prompt-service.ts';
import type { ConnectionService } from '../services/connection-service.ts';
import type { RunService } from '../runs/run-service.ts';
import { QuerentError } from '../core/errors.ts';
import { newRequestId } from '../core/ids.ts';
import { createAuthHook } from './auth-hook.ts';
import { createAuthFailureLimit } from './auth-failure-limit.ts';
import { sendProblem, toQuerentError } from './problem.ts';
import { SHARED_SCHEMAS } from './schemas.ts';
import { answerClientError, refuseMissingHost } from './client-errors.ts';
import { DOCS_CONTENT_SECURITY_POLICY, addSecurityHeaders } from './security-headers.ts';
import { registerContextRoute } from './routes/context-route.ts';
import { registerConnectionsRoute } from './routes/connections-route.ts';
import { registerChatRoute } from './routes/chat-route.ts';
import { registerRunsRoute } from './routes/runs-route.ts';
import { registerMcpRoute } from './routes/mcp-route.ts';
import { registerHealthRoutes } from './routes/health-routes.ts';
import { registerPlaygroundRoute } from './routes/playground-route.ts';
import { registerMetrics } from './metrics.ts';
import { registerCors } from './cors.ts';

export interface AppServices {
  readonly keys: KeyService;
  readonly prompts: PromptService;
  readonly connections: ConnectionService;
  readonly runs: RunService;
  /** Resolves when the service can answer (store open, samples loaded). */
  readonly ready: () => Promise<boolean>;
}

type AppConfig = Pick<Config, 'bodyLimit' | 'chatWaitMs' | 'promptMaxChars' | 'rateLimitPerMinute' | 'corsOrigins' | 'requestTimeoutMs' | 'authFailureLimitPerMinute'>;

/** Headers must arrive within this long (or the request timeout, if smaller). */
const HEADERS_TIMEOUT_MS = 10_000;

export async function createApp(services: AppServices, config: AppConfig, logger: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyServerOptions['loggerInstance'],
    bodyLimit: config.bodyLimit,
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 1000 },
    // Errors the router raises before any route runs (bad URL encoding, over-long parameters).
    frameworkErrors: (error, request, reply) => sendProblem(reply, toQuerentError(error, request)),
    ...requestDeadlines(config.requestTimeoutMs),
    clientErrorHandler: answerClientError,
  });
  refuseMissingHost(app);
  addSecurityHeaders(app);
  installValidators(app);
  // Only JSON bodies are accepted; Fastify would also take text/plain.
  app.removeContentTypeParser('text/plain');
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  app.setErrorHandler((error, request, reply) => {
    const problem = toQuerentError(error as Error, request);
    if (problem.code === 'internal_error') request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, new QuerentError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerMetrics(app, services.runs);
  await registerCors(app, config.corsOrigins);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Querent API', version: '1.0.0', description: 'Ask plain-language questions about your data. Read-only.' },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ apiKey: [] }, { bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CONTENT_SECURITY_POLICY });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerHealthRoutes(app, services.ready);
  registerPlaygroundRoute(app);

  await app.register(async (api) => {
    api.addHook('onRequest', createAuthHook(services.keys, createAuthFailureLimit({ max: config.authFailureLimitPerMinute })));
    await api.register(rateLimit, {
      hook: 'preHandler',
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => request.caller?.key.id ?? request.ip,
      errorResponseBuilder: (_request, context) =>
        new QuerentError('rate_limited', `Rate limit of ${context.max} requests per minute for this key exceeded; retry after ${Math.ceil(context.ttl / 1000)} s.`),
    });
    registerContextRoute(api, services.prompts);
    registerConnectionsRoute(api, services.connections);
    registerChatRoute(api, services.runs, config);
    registerRunsRoute(api, services.runs);
    registerMcpRoute(api, { ...services, chatWaitMs: config.chatWaitMs, logger });
  });
  return app;
}

/**
 * Slow clients may not hold a connection open: the whole request within `requestTimeoutMs`, its
 * headers sooner. Node checks its connections for these deadlines every `connectionsCheckingInterval`
 * (30 s by default, too coarse for a 30 s deadline). The Host check is ours (refuseMissingHost), so
 * that its answer is problem+json like every other.
 */
function requestDeadlines(requestTimeoutMs: number): { requestTimeout: number; http: http.ServerOptions } {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
      requireHostHeader: false,
    },
  };
}

/**
 * Query strings and path parameters are text, so they are coerced to the declared types; JSON
 * bodies are not, so that `"connectionId": "5"` is refused rather than silently accepted.
 */
function installValidators(app: FastifyInstance): void {
  const common = { allErrors: false, strict: false, useDefaults: true } as const;
  const coercing = new Ajv({ ...common, coerceTypes: true, removeAdditional: false });
  const strict = new Ajv({ ...common, coerceTypes: false, removeAdditional: true });
  for (const schema of SHARED_SCHEMAS) {
    coercing.addSchema(schema);
    strict.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema) as never);
}
