import type { FastifyInstance } from 'fastify';
import type { PromptService } from '../../services/prompt-service.ts';
import { problemResponses } from '../schemas.ts';

export function registerContextRoute(app: FastifyInstance, prompts: PromptService): void {
  app.get('/api/v1/context', {
    schema: {
      summary: 'Check the key: the workspace and the prompts it has left. Free.',
      tags: ['context'],
      response: { 200: { $ref: 'Context#' }, ...problemResponses(401, 429) },
    },
  }, async (request) => {
    const { workspace, key } = request.caller;
    const balance = await prompts.balance(workspace.id);
    return {
      workspace: { id: workspace.id, name: workspace.name },
      prompts: { remaining: balance.remaining, used: balance.used },
      key,
    };
  });
}
