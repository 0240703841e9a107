// `npm run typecheck`: the four TypeScript projects, two at a time (this machine has 2 cores; one after another took
// 42 s, and each `tsc` spends part of its time reading files). Each project's output is printed whole, in order;
// the exit code is non-zero when any project fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['apps/server', 'apps/web', 'packages/shared', 'e2e'];
const CONCURRENCY = 2;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const results = new Array(PROJECTS.length);
let next = 0;
async function worker() {
  while (next < PROJECTS.length) {
    const index = next++;
    results[index] = await check(PROJECTS[index]);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));

let failed = false;
for (const { project, code, output } of results) {
  console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}`);
  if (output) process.stdout.write(output);
  failed ||= code !== 0;
}
process.exit(failed ? 1 : 0);
