// Runs npm scripts side by side (`node scripts/parallel.mjs typecheck lint`): each one's output is printed whole when
// it ends, under its name, and the run fails when any of them fails. The static checks are mostly single-threaded,
// so on two cores they take about half as long together as one after another.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(String(error))));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const text = Buffer.concat(output).toString().trimEnd();
        console.log(`\n> ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s${text ? `\n${text}` : ''}`);
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
