import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, QuerentError, isQuerentError, type ErrorCode, type ValidationIssue } from '../core/errors.ts';

/** An RFC 9457 problem body. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ErrorCode;
  readonly requestId: string;
  readonly [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemOf(error: QuerentError, requestId: string): Problem {
  const entry = ERROR_CATALOGUE[error.code];
  return {
    ...error.extensions,
    type: `https://querent.dev/problems/${error.code.replaceAll('_', '-')}`,
    title: entry.title,
    status: entry.status,
    detail: error.detail,
    code: error.code,
    requestId,
  };
}

export function sendProblem(reply: FastifyReply, error: QuerentError): FastifyReply {
  return reply.status(error.status).type(PROBLEM_CONTENT_TYPE).send(problemOf(error, reply.request.id));
}

/** Turns anything thrown while handling a request into a QuerentError that is safe to show. */
export function toQuerentError(error: FastifyError | Error, request: FastifyRequest): QuerentError {
  if (isQuerentError(error)) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors: ValidationIssue[] = fastifyError.validation.map((issue) => ({
      path: `${fastifyError.validationContext ?? 'body'}${issue.instancePath || ''}`.replaceAll('/', '.'),
      message: describeIssue(issue),
    }));
    return new QuerentError('invalid_request', errors.map((issue) => `${issue.path} ${issue.message}`).join('; '), {
      extensions: { errors },
    });
  }
  switch (fastifyError.statusCode) {
    case 400:
      return new QuerentError('invalid_request', safeClientMessage(fastifyError));
    case 414:
      return new QuerentError('invalid_request', 'The URL is too long.');
    case 413:
      return new QuerentError('payload_too_large', 'The request body is larger than the limit of this API.');
    case 415:
      return new QuerentError('unsupported_media_type',
        `Content-Type "${request.headers['content-type'] ?? ''}" is not supported; send application/json.`);
    case 429:
      return new QuerentError('rate_limited', 'Too many requests for this key; retry after the time in Retry-After.');
    default:
      return new QuerentError('internal_error', 'Something went wrong on our side. The request id identifies it in our logs.', { cause: error });
  }
}

function describeIssue(issue: { keyword: string; message?: string; params?: Record<string, unknown> }): string {
  if (issue.keyword === 'required') return `must have property "${String(issue.params?.missingProperty)}"`;
  return issue.message ?? 'is invalid';
}

function safeClientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty; send a JSON object.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'The request body is not valid JSON.';
  return 'The request is malformed.';
}
