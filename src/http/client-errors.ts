import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { QuerentError } from '../core/errors.ts';
import { newRequestId } from '../core/ids.ts';
import { PROBLEM_CONTENT_TYPE, problemOf } from './problem.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** How long a client gets to read the answer to a request Node could not parse, before the socket is destroyed. */
const LINGER_MS = 1_000;

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (bad chunk sizes, a
 * duplicate Content-Length, headers past the size limit, a request that did not arrive in time)
 * with a problem+json body, then closes the connection: after such an error the rest of the
 * byte stream cannot be trusted to be a request.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = clientProblem(error.code);
  this.log.debug({ code: error.code }, 'client error');
  // A response already under way on this socket (a pipelined request failed): nothing clean can follow it.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const requestId = newRequestId();
  const body = JSON.stringify(problemOf(problem, requestId));
  const head = [
    `HTTP/1.1 ${problem.status} ${problemOf(problem, requestId).title}`,
    `content-type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    ...Object.entries(SECURITY_HEADERS.api).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}

function clientProblem(code: string | undefined): QuerentError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new QuerentError('request_timeout', 'The request did not arrive in time; send it again, whole.');
    case 'HPE_HEADER_OVERFLOW':
      return new QuerentError('headers_too_large', 'The request headers are larger than this API accepts.');
    default:
      return new QuerentError('invalid_request', 'The request is not valid HTTP/1.1 (its framing or headers are malformed).');
  }
}

/** HTTP/1.1 requires a Host header (RFC 9112 §3.2); Node's own check would answer a bare 400. */
export function refuseMissingHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw new QuerentError('invalid_request', 'An HTTP/1.1 request needs a Host header.');
    }
  });
}
