/**
 * The MCP server (the official SDK's low-level `Server`): lists the tools and hands each call to
 * `call`, which runs it in this process or forwards it to the process holding the store.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOLS, isMcpToolName, type McpToolName } from './mcp-tools.ts';
import { VERSION } from '../core/version.ts';

export type CallTool = (name: McpToolName, args: unknown, signal: AbortSignal) => Promise<CallToolResult>;


const INSTRUCTIONS = 'Querent answers plain-language questions about the data sources of a workspace, read-only. '
  + 'Call list_connections to find a connectionId, then ask with the question. An answer costs 1 prompt (get_context '
  + 'shows how many are left); a question it cannot read is not charged and comes back with suggestions to try.';

export function createMcpServer(call: CallTool): Server {
  const server = new Server({ name: 'querent', title: 'Querent', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...MCP_TOOLS] as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    if (!isMcpToolName(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}"; the tools are ${MCP_TOOLS.map((tool) => tool.name).join(', ')}.`);
    return call(name, args, extra.signal);
  });
  return server;
}
