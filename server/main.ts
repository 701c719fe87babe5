import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './app.js';
import { unsafeBinding } from './cors.js';
import { isLoopbackListenHost } from './loopback.js';
import { appNeedsBuild, buildApp } from './build-app.js';
import { bridgeServers, runStdio } from './bridge-cli.js';

const HELP = `Taskdeck demo server: an MCP server with task tools, and the dashboard beside it.

Usage: tsx server/main.ts [options]
  --port <n>            port to listen on (default: $PORT or 3210; 0 picks a free one)
  --host <addr>         address to bind (default 127.0.0.1)
  --app <dist|dev|none> serve the built app (default), Vite with hot reload, or only MCP
  --allow-origin <o>    also accept this browser origin (repeatable; '*' for any). By default only
                        the server's own origin may call it from a browser
  --allow-host <h>      also accept this Host header (repeatable; DNS-rebinding protection)
  --token <t>           require Authorization: Bearer <t>; prefer the TASKDECK_TOKEN environment
                        variable (a command line is visible to every user in ps). Required with
                        a --host other than loopback
  --oauth               protect MCP with OAuth 2.1: an authorization server of the demo's own on this origin
                        (metadata, dynamic registration, PKCE, refresh tokens); it approves every request
  --oauth-token-ttl <s> access token lifetime in seconds with --oauth (default 3600)
  --transport <t>       serve only 'streamable-http' (/mcp: MCP 2025-11-25 and, per request, 2026-07-28 with the
                        tasks extension; /mcp-2026: 2026-07-28 only) or only 'sse' (/sse); default both
  --conformance         also register the MCP conformance suite's fixture tools
  --no-tasks            a server without the tasks capability: tools answer inline
  --no-task-list        tasks without tasks/list (as in the 2026-07-28 tasks extension)
  --task-scope <s>      'shared' (every session sees every task, default) or 'session'
  --dialect <d>         'spec' (MCP 2025-11-25, default) or 'seed' (notifications/tasks/updated,
                        tasks/result refuses before terminal, {taskId, status, result} envelope)
  --server <n>=<cmd>    a stdio MCP server the dashboard may start through the local bridge, by name (repeatable):
                        --server everything="npx -y @modelcontextprotocol/server-everything stdio"
  --config <file>       stdio servers from a JSON file in the Inspector's shape ({"mcpServers": {name: {command,
                        args, env, cwd}}})
  --no-bridge-commands  the bridge starts only the servers named above, never a command typed in the page
  --stdio               be the demo MCP server on stdin/stdout instead (no HTTP; with --dialect, --no-tasks…)
  --help                show this text`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    app: { type: 'string', default: 'dist' },
    'allow-origin': { type: 'string', multiple: true, default: [] },
    token: { type: 'string' },
    'allow-host': { type: 'string', multiple: true, default: [] },
    transport: { type: 'string' },
    oauth: { type: 'boolean', default: false },
    'oauth-token-ttl': { type: 'string', default: '3600' },
    'no-tasks': { type: 'boolean', default: false },
    'no-task-list': { type: 'boolean', default: false },
    conformance: { type: 'boolean', default: false },
    'task-scope': { type: 'string', default: 'shared' },
    dialect: { type: 'string', default: 'spec' },
    server: { type: 'string', multiple: true, default: [] },
    config: { type: 'string' },
    'no-bridge-commands': { type: 'boolean', default: false },
    stdio: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

if (values.stdio) {
  // Serves until stdin closes, then exits: nothing below runs.
  await runStdio({
    tasks: !values['no-tasks'],
    taskList: !values['no-task-list'],
    taskScope: 'shared',
    dialect: values.dialect === 'seed' ? 'seed' : 'spec',
  });
}

const app = values.app;
if (app !== 'dist' && app !== 'dev' && app !== 'none') {
  console.error(`--app must be dist, dev or none (got ${app})`);
  process.exit(2);
}
const port = Number(values.port ?? process.env.PORT ?? 3210);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (app === 'dist' && (await appNeedsBuild(root))) {
  console.log('Building the dashboard…');
  await buildApp(root);
}

const transport = values.transport;
if (transport !== undefined && transport !== 'streamable-http' && transport !== 'sse') {
  console.error(`--transport must be streamable-http or sse (got ${transport})`);
  process.exit(2);
}
const taskScope = values['task-scope'];
if (taskScope !== 'shared' && taskScope !== 'session') {
  console.error(`--task-scope must be shared or session (got ${taskScope})`);
  process.exit(2);
}
const dialect = values.dialect;
if (dialect !== 'spec' && dialect !== 'seed') {
  console.error(`--dialect must be spec or seed (got ${dialect})`);
  process.exit(2);
}
const token = values.token ?? process.env.TASKDECK_TOKEN;
if (values.token) console.warn('Warning: --token is visible to every user of this machine (ps); prefer TASKDECK_TOKEN=… npm start.');
const refusal = unsafeBinding(values.host, token);
if (refusal) {
  console.error(refusal);
  process.exit(2);
}
const bridge =
  app !== 'none' && isLoopbackListenHost(values.host)
    ? { servers: await bridgeServers(values.server, values.config), allowCommands: !values['no-bridge-commands'] }
    : undefined;
const tokenTtlSeconds = Number(values['oauth-token-ttl']);
if (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds < 1) {
  console.error(`--oauth-token-ttl must be a whole number of seconds (got ${values['oauth-token-ttl']})`);
  process.exit(2);
}
const server = await startServer({
  port,
  host: values.host,
  app,
  root,
  allowOrigins: values['allow-origin'],
  allowHosts: values['allow-host'],
  ...(transport && { transports: [transport] }),
  ...(token && { token }),
  ...(bridge && { bridge }),
  ...(values.oauth && { oauth: { tokenTtlSeconds } }),
  features: { tasks: !values['no-tasks'], taskList: !values['no-task-list'], taskScope, dialect, conformance: values.conformance },
});
if (!transport || transport === 'streamable-http') {
  console.log(`MCP endpoint (Streamable HTTP): ${server.mcpUrl}`);
  console.log(`MCP endpoint (2026-07-28, tasks extension): ${server.modernUrl}`);
}
if (!transport || transport === 'sse') console.log(`MCP endpoint (legacy SSE): ${server.sseUrl}`);
if (token) console.log('Bearer token required on MCP requests.');
if (!bridge && (values.server.length > 0 || values.config))
  console.warn('The local bridge is off (it needs the dashboard, listening on 127.0.0.1): --server and --config are ignored.');
for (const name of bridge?.servers.keys() ?? []) {
  const link = new URLSearchParams({ server: `stdio:${name}`, transport: 'stdio' });
  console.log(`stdio server ${name} through the local bridge: ${server.origin}/?${link.toString()}`);
}
if (server.oauth) console.log(`OAuth sign-in required (protected resource metadata: ${server.oauth.resourceMetadataUrl}).`);
if (app !== 'none') console.log(`\n  Taskdeck is running: ${server.dashboardUrl}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
