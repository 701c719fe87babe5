import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodType } from 'zod';

export interface RequestSettings {
  signal?: AbortSignal;
  timeout?: number;
}

/**
 * What the page asks of a server's client, whatever the protocol generation: the SDK's Client for the seed draft and
 * 2025-11-25 (over Streamable HTTP or legacy SSE), ModernClient for 2026-07-28. Answers are untrusted JSON, read by
 * the page's own tolerant readers.
 */
export interface TaskClient {
  request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: ZodType,
    options?: RequestSettings,
  ): Promise<unknown>;
  listTools(params?: { cursor?: string }): Promise<ListToolsResult>;
}
