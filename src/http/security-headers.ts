import type { FastifyInstance } from 'fastify';

/** Headers of every answer: no MIME sniffing; API answers (per-caller data) are never cached. */
export const SECURITY_HEADERS = {
  all: { 'x-content-type-options': 'nosniff' },
  api: { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
} as const;

/**
 * The docs page's policy: scripts only from this origin (Swagger UI's are files, none inline),
 * no plugins, no framing, requests only to this origin. Inline styles are allowed: Swagger UI sets
 * them as it renders, and they cannot run code.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const api = request.url.startsWith('/api/');
    reply.headers(api ? SECURITY_HEADERS.api : SECURITY_HEADERS.all);
  });
}

/**
 * The playground page's policy (`GET /`): scripts and style sheets only from this origin, no
 * eval: charts render through vega-interpreter (vega-embed's `ast` mode), not through code that
 * vega would compile with `new Function`. Style *attributes* are allowed (`style-src-attr`): the
 * email preview is the email's own HTML, whose styles are inline attributes as mail clients need,
 * and an iframe's srcdoc inherits this policy; attributes cannot run code. Images may be data:
 * URLs (the email's chart, inlined from its MIME part). The API is called on this origin only.
 */
export const PLAYGROUND_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'none'",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
].join('; ');
