import type { FastifyInstance } from 'fastify';
import type { ConnectionService } from '../../services/connection-service.ts';
import type { ConnectionKind } from '../../connectors/connector.ts';
import { problemResponses } from '../schemas.ts';

interface ListQuery { limit?: number; cursor?: string; kind?: ConnectionKind }

export function registerConnectionsRoute(app: FastifyInstance, connections: ConnectionService): void {
  app.get<{ Querystring: ListQuery }>('/api/v1/connections', {
    schema: {
      summary: "List the workspace's connections, sample connections included. Free.",
      tags: ['connections'],
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page' },
          kind: { type: 'string', enum: ['postgresql', 'mysql', 'odoo'] },
        },
      },
      response: {
        200: {
          type: 'object',
          required: ['data', 'nextCursor'],
          properties: {
            data: { type: 'array', items: { $ref: 'Connection#' } },
            nextCursor: { type: ['string', 'null'] },
          },
        },
        ...problemResponses(400, 401, 429),
      },
    },
  }, async (request) => {
    const { limit = 50, cursor, kind } = request.query;
    return connections.list(request.caller.workspace.id, { limit, cursor, kind });
  });
}
