import type { TaskClient as Client } from '../mcp/task-client';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { mcpKeys } from './keys';

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...result.tools);
    if (!result.nextCursor || result.nextCursor === cursor) break;
    cursor = result.nextCursor;
  }
  return tools;
}

export function toolsQueryOptions(serverUrl: string, client: Client | undefined, hasTools: boolean) {
  return queryOptions({
    queryKey: mcpKeys.tools(serverUrl),
    queryFn: client && hasTools ? () => listAllTools(client) : skipToken,
    staleTime: Infinity,
  });
}
