import type { FastifyReply } from 'fastify';

/** A signal that aborts when the client goes away before the response is written. */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller;
}
