import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { drawBarChart } from './png.js';
import {
  bigPayload,
  HOSTILE,
  hostileContent,
  MARKDOWN_REPORT,
  mixedContent,
  REPORT_OUTPUT_SCHEMA,
  structuredReport,
} from './result-tools.js';
import type { TaskWork } from './tasks.js';

/** One demo tool: its schema, and the work it does when run. */
export interface DemoTool {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  work: (args: Record<string, unknown>) => TaskWork;
  /** A TTL the tool imposes whatever the client asks (short_ttl). */
  ttlMs?: (args: Record<string, unknown>) => number;
  outputSchema?: z.ZodRawShape;
}

function tool<Shape extends z.ZodRawShape>(
  name: string,
  title: string,
  description: string,
  inputSchema: Shape,
  work: (args: z.infer<z.ZodObject<Shape>>) => TaskWork,
  ttlMs?: (args: z.infer<z.ZodObject<Shape>>) => number,
): DemoTool {
  const t: DemoTool = { name, title, description, inputSchema, work: (args) => work(args as z.infer<z.ZodObject<Shape>>) };
  if (ttlMs) t.ttlMs = (args) => ttlMs(args as z.infer<z.ZodObject<Shape>>);
  return t;
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });

/** big_payload results made at once, and how long one is kept (each is up to 100 MB of this process's memory). */
const MAX_BIG_PAYLOADS = 2;
const BIG_PAYLOAD_TTL_MS = 10 * 60_000;
let bigPayloadsRunning = 0;

export const DEMO_TOOLS: readonly DemoTool[] = [
  tool(
    'countdown',
    'Countdown',
    'Counts down for `seconds`, reporting a status message at each of `steps` steps, then completes with a text result.',
    {
      seconds: z.number().min(0).max(3600).default(5).describe('How long the countdown runs, in seconds'),
      steps: z.number().int().min(1).max(1000).default(5).describe('How many progress messages to send'),
    },
    ({ seconds, steps }) =>
      async (control) => {
        const started = Date.now();
        for (let step = 1; step <= steps; step++) {
          if (!(await control.report(`Step ${step} of ${steps}: ${steps - step + 1} to go`))) break;
          if (!(await control.sleep((seconds * 1000) / steps))) break;
        }
        const elapsed = ((Date.now() - started) / 1000).toFixed(1);
        return {
          status: 'completed',
          statusMessage: `Finished ${steps} steps in ${elapsed} s`,
          result: text(`Countdown finished: ${steps} steps in ${elapsed} s.`),
        };
      },
  ),
  tool(
    'fail_after',
    'Fail after',
    'Works for `seconds`, then fails with an isError result that says why.',
    {
      seconds: z.number().min(0).max(3600).default(2).describe('How long to work before failing, in seconds'),
      reason: z.string().max(500).default('the simulated upstream service returned 503').describe('What went wrong'),
    },
    ({ seconds, reason }) =>
      async (control) => {
        await control.report('Calling the upstream service');
        await control.sleep(seconds * 1000);
        return {
          status: 'failed',
          statusMessage: `Failed: ${reason}`,
          result: { isError: true, content: [{ type: 'text', text: `fail_after gave up after ${seconds} s: ${reason}.` }] },
        };
      },
  ),
  tool(
    'render_chart',
    'Render chart',
    'Draws a bar chart of `bars` random values as a PNG and completes with an image content block.',
    {
      bars: z.number().int().min(1).max(60).default(8).describe('How many bars to draw'),
      seconds: z.number().min(0).max(600).default(1).describe('How long rendering takes, in seconds'),
    },
    ({ bars, seconds }) =>
      async (control) => {
        await control.report(`Rendering ${bars} bars`);
        await control.sleep(seconds * 1000);
        const values = Array.from({ length: bars }, () => Math.round(10 + Math.random() * 90));
        return {
          status: 'completed',
          statusMessage: `Rendered ${bars} bars`,
          result: {
            content: [
              { type: 'text', text: `Bar chart of ${bars} values: ${values.join(', ')}` },
              { type: 'image', mimeType: 'image/png', data: drawBarChart(values).toString('base64') },
            ],
          },
        };
      },
  ),
  tool(
    'ask',
    'Ask',
    'Enters input_required with an elicitation tied to the task (name, format, copies, urgency, where to deliver), then completes with the answer.',
    { question: z.string().max(500).default('How should the report be delivered?').describe('What to ask the user') },
    ({ question }) =>
      async (control) => {
        await control.report('Preparing the question');
        const answer = await control.elicit(question, {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Report name', description: 'What to call the report', default: 'Quarterly summary' },
            format: {
              type: 'string',
              title: 'Format',
              oneOf: [
                { const: 'pdf', title: 'PDF document' },
                { const: 'md', title: 'Markdown' },
              ],
              default: 'md',
            },
            copies: { type: 'integer', title: 'Copies', minimum: 1, maximum: 10, default: 1 },
            urgent: { type: 'boolean', title: 'Urgent', default: false },
            // A multi-select enum (SEP-1330): an array of titled choices.
            deliverTo: {
              type: 'array',
              title: 'Deliver to',
              minItems: 1,
              items: {
                anyOf: [
                  { const: 'email', title: 'Email' },
                  { const: 'slack', title: 'Slack' },
                  { const: 'archive', title: 'Archive' },
                ],
              },
              default: ['email'],
            },
          },
          required: ['name', 'format'],
        });
        if (answer.action === 'accept') {
          return { status: 'completed', statusMessage: 'Answered', result: text(`You answered: ${JSON.stringify(answer.content ?? {})}`) };
        }
        if (answer.action === 'decline') return { status: 'completed', statusMessage: 'Declined', result: text('You declined to answer.') };
        return {
          status: 'failed',
          statusMessage: 'Cancelled by the user',
          result: { isError: true, content: [{ type: 'text', text: 'The question was cancelled.' }] },
        };
      },
  ),
  tool(
    'long_job',
    'Long job',
    'Runs until cancelled (or for an hour), reporting progress every `interval` seconds.',
    { interval: z.number().min(0.1).max(60).default(1).describe('Seconds between progress reports') },
    ({ interval }) =>
      async (control) => {
        const started = Date.now();
        let items = 0;
        while (Date.now() - started < 3600_000) {
          items += Math.ceil(Math.random() * 50);
          if (!(await control.report(`Processed ${items} items`))) break;
          if (!(await control.sleep(interval * 1000))) break;
        }
        return { status: 'completed', statusMessage: 'Ran for an hour', result: text(`Processed ${items} items in an hour.`) };
      },
  ),
  tool(
    'short_ttl',
    'Short TTL',
    'Completes after `seconds` with a TTL of only `ttl_seconds`, whatever the client asks: the result soon expires.',
    {
      seconds: z.number().min(0).max(60).default(1).describe('How long it works'),
      ttl_seconds: z.number().min(1).max(300).default(8).describe('How long the server keeps the task'),
    },
    ({ seconds }) =>
      async (control) => {
        await control.report('Working briefly');
        await control.sleep(seconds * 1000);
        return { status: 'completed', statusMessage: 'Done; fetch it before it expires', result: text('This result expires soon.') };
      },
    ({ ttl_seconds }) => ttl_seconds * 1000,
  ),
  tool(
    'mixed_content',
    'Mixed content',
    'Completes with one content block of every type: text, JSON text, markdown, image, audio, resource links, embedded text and blob resources, with annotations and _meta.',
    { seconds: z.number().min(0).max(60).default(0.5).describe('How long it works') },
    ({ seconds }) =>
      async (control) => {
        await control.report('Collecting content');
        await control.sleep(seconds * 1000);
        return { status: 'completed', statusMessage: 'Collected 12 blocks', result: mixedContent() };
      },
  ),
  {
    ...tool(
      'structured_report',
      'Structured report',
      'Completes with structuredContent declared by an outputSchema; with valid=false the content breaks that schema.',
      { valid: z.boolean().default(true).describe('Whether the structured content matches the output schema') },
      ({ valid }) => structuredReport(valid),
    ),
    outputSchema: REPORT_OUTPUT_SCHEMA,
  },
  tool(
    'markdown_report',
    'Markdown report',
    'Completes with a markdown text block: headings, a table, a code fence, links (one of them javascript:) and an image.',
    {},
    () => async (control) => {
      await control.report('Writing');
      await control.sleep(300);
      return { status: 'completed', statusMessage: 'Written', result: { content: [{ type: 'text', text: MARKDOWN_REPORT }] } };
    },
  ),
  tool(
    'big_payload',
    'Big payload',
    'Completes with a result of about `size_mb` megabytes: one long text, many blocks, or a JSON array in structuredContent.',
    {
      size_mb: z.number().min(0.01).max(100).default(1).describe('Approximate size in MB'),
      shape: z.enum(['text', 'blocks', 'json']).default('json').describe('How the payload is shaped'),
    },
    ({ size_mb, shape }) =>
      async (control) => {
        // Each result stays in memory until its task is purged: a few at once, each kept for minutes, not a day.
        if (bigPayloadsRunning >= MAX_BIG_PAYLOADS) {
          const busy = `Busy: ${MAX_BIG_PAYLOADS} big payloads are being made already; try again when one ends`;
          return { status: 'failed', statusMessage: busy, result: { ...text(busy), isError: true } };
        }
        bigPayloadsRunning++;
        try {
          await control.report(`Generating ${size_mb} MB of ${shape}`);
          const result = bigPayload(size_mb * 1e6, shape);
          return { status: 'completed', statusMessage: `Generated ${size_mb} MB`, result };
        } finally {
          bigPayloadsRunning--;
        }
      },
    () => BIG_PAYLOAD_TTL_MS,
  ),
  tool(
    'hostile_content',
    'Hostile content',
    'For security testing: completes with payloads that try to run script or navigate, in every content type, in statusMessage and in _meta.',
    {},
    () => async (control) => {
      await control.report(HOSTILE[1]!);
      await control.sleep(200);
      return { status: 'completed', statusMessage: HOSTILE[0]!, result: hostileContent() };
    },
  ),
];
