// `npm run conformance`: runs the MCP conformance suite (server scenarios) against the demo server.
// The suite needs Node 22; it comes from the npm package `node`, installed in this folder only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
if (!existsSync(join(here, 'node_modules', '.bin', 'node'))) {
  console.log('Installing the conformance suite and Node 22 into server/conformance …');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const port = process.env.CONFORMANCE_PORT ?? '3297';
const server = spawn(
  process.execPath,
  [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'main.ts'), '--app', 'none', '--port', port, '--conformance'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('MCP endpoint') && resolve(undefined));
  server.on('exit', (code) => reject(new Error(`demo server exited with ${code}`)));
});

const args = [
  join(here, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
  'server',
  '--url',
  `http://127.0.0.1:${port}/mcp`,
  '--expected-failures',
  join(here, 'expected-failures.yml'),
  ...process.argv.slice(2),
];
const suite = spawn(join(here, 'node_modules', '.bin', 'node'), args, { cwd: here, stdio: 'inherit' });
const code = await new Promise((resolve) => suite.on('exit', resolve));
server.kill('SIGTERM');
process.exit(code ?? 1);
