import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { sineWav } from './media.js';
import { drawBarChart } from './png.js';

/**
 * The fixture tools the MCP conformance suite calls by name (`npm run conformance`), for the scenarios that cover
 * what the demo server does: content types, tool errors and elicitation. Registered only with `--conformance`.
 */
export function registerConformanceTools(server: McpServer): void {
  const png = () => drawBarChart([60], 8, 8).toString('base64');
  server.registerTool('test_simple_text', { description: 'Conformance fixture: simple text' }, () => ({
    content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
  }));
  server.registerTool('test_image_content', { description: 'Conformance fixture: image' }, () => ({
    content: [{ type: 'image', data: png(), mimeType: 'image/png' }],
  }));
  server.registerTool('test_audio_content', { description: 'Conformance fixture: audio' }, () => ({
    content: [{ type: 'audio', data: sineWav(440, 0.1).toString('base64'), mimeType: 'audio/wav' }],
  }));
  server.registerTool('test_embedded_resource', { description: 'Conformance fixture: embedded resource' }, () => ({
    content: [
      {
        type: 'resource',
        resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' },
      },
    ],
  }));
  server.registerTool('test_multiple_content_types', { description: 'Conformance fixture: mixed content' }, () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: png(), mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' },
      },
    ],
  }));
  server.registerTool('test_error_handling', { description: 'Conformance fixture: always fails' }, () => {
    throw new Error('This tool intentionally returns an error for testing');
  });
  server.registerTool(
    'test_elicitation',
    { description: 'Conformance fixture: asks the user', inputSchema: { message: z.string() } },
    async ({ message }) => {
      const answer = await server.server.elicitInput({
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      });
      return {
        content: [{ type: 'text', text: `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}` }],
      };
    },
  );

  const askWith = (requestedSchema: Record<string, unknown>) => async () => {
    const answer = await server.server.elicitInput({
      message: 'Please review and update the form fields',
      requestedSchema: requestedSchema as never,
    });
    return {
      content: [
        { type: 'text' as const, text: `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}` },
      ],
    };
  };
  server.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Conformance fixture: elicitation with defaults for every primitive type' },
    askWith({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Name', default: 'John Doe' },
        age: { type: 'integer', description: 'Age', default: 30 },
        score: { type: 'number', description: 'Score', default: 95.5 },
        status: { type: 'string', description: 'Status', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', description: 'Verified', default: true },
      },
    }),
  );
  server.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Conformance fixture: elicitation with all five enum forms' },
    askWith({
      type: 'object',
      properties: {
        untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
        titledSingle: {
          type: 'string',
          oneOf: [
            { const: 'value1', title: 'First Option' },
            { const: 'value2', title: 'Second Option' },
            { const: 'value3', title: 'Third Option' },
          ],
        },
        legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
        untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
        titledMulti: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'value1', title: 'First Choice' },
              { const: 'value2', title: 'Second Choice' },
              { const: 'value3', title: 'Third Choice' },
            ],
          },
        },
      },
    }),
  );
}
