import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

/**
 * The MCP Client's JSON Schema validator, which the dashboard never lets validate. The SDK compiles every tool's
 * output schema at tools/list and checks `structuredContent` in `client.callTool`; the dashboard does not call tools
 * that way (tools run as tasks through its own requests) and checks structured results against the tool's schema in
 * a worker, abandoned past a time limit (lib/schema-check), where a server's schema cannot freeze the page. So no
 * validator library is compiled on the main thread at connect, and none is in the page's first JavaScript.
 * Should anything call `client.callTool` on a tool with an output schema, it gets this error rather than a pass.
 */
export class CheckedElsewhere implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    void schema;
    return () => ({
      valid: false,
      data: undefined,
      errorMessage: 'tool output is checked by the dashboard in a worker (lib/schema-check), not by the MCP Client',
    });
  }
}
