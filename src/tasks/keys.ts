/** Query keys: every key starts with the server's identity, so two servers never share cache entries. */
export const mcpKeys = {
  server: (serverUrl: string) => ['mcp', serverUrl] as const,
  tools: (serverUrl: string) => ['mcp', serverUrl, 'tools'] as const,
  tasks: (serverUrl: string) => ['mcp', serverUrl, 'tasks'] as const,
  tasksPaging: (serverUrl: string) => ['mcp', serverUrl, 'tasks-paging'] as const,
  result: (serverUrl: string, taskId: string) => ['mcp', serverUrl, 'result', taskId] as const,
  /** taskIds whose result is kept in IndexedDB. */
  kept: (serverUrl: string) => ['mcp', serverUrl, 'kept'] as const,
  /** The tasks this browser remembers for the server (task-registry.ts), once loaded back into the list. */
  registry: (serverUrl: string) => ['mcp', serverUrl, 'registry'] as const,
  /** The arguments a task was started with here (task-registry.ts), for Re-run. */
  startArguments: (serverUrl: string, taskId: string) => ['mcp', serverUrl, 'start-arguments', taskId] as const,
  /** How many results this browser keeps for every server, and their size. */
  keptUsage: () => ['mcp', '*', 'kept-usage'] as const,
};
