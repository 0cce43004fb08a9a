import type { FastifyInstance } from 'fastify';
import { QuerentError } from '../../core/errors.ts';
import { SECURITY_HEADERS } from '../security-headers.ts';
import { callMcpTool, type McpServices } from '../../mcp/mcp-tools.ts';

/**
 * `POST /mcp`: MCP over Streamable HTTP, stateless (a server and transport per request, no
 * session id), behind the same key check and rate limit as the API. Answers are plain JSON
 * (no event stream): every tool call ends within the chat window. The MCP SDK is loaded on the
 * first call: a server that is never asked over MCP does not hold it in memory.
 */
export function registerMcpRoute(app: FastifyInstance, services: McpServices): void {
  app.post('/mcp', {
    schema: {
      summary: 'MCP (Model Context Protocol) over Streamable HTTP, stateless: tools list_connections, ask, get_run, get_context.',
      description: 'A JSON-RPC 2.0 message as MCP defines it; send `Accept: application/json, text/event-stream`. '
        + 'Tool calls cost what the API calls they stand for cost (ask: 1 prompt per answer).',
      tags: ['mcp'],
    },
  }, async (request, reply) => {
    const caller = request.caller;
    const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      import('../../mcp/mcp-server.ts'),
    ]);
    const server = createMcpServer((name, args, signal) => callMcpTool(services, caller, name, args, signal));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The transport writes the response itself: Fastify's onSend hooks do not run for it, and the
    // headers set so far (CORS, rate limit) are only on the reply, so they are copied over.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    for (const [name, value] of Object.entries(SECURITY_HEADERS.api)) reply.raw.setHeader(name, value);
    reply.raw.once('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      }
    }
  });
  // Stateless: no event stream to open (GET) and no session to end (DELETE).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/mcp', schema: { hide: true },
      handler: async (_request, reply) => {
        reply.header('allow', 'POST');
        throw new QuerentError('method_not_allowed', `${method} /mcp is not supported: this MCP endpoint is stateless; POST each message.`);
      },
    });
  }
}
