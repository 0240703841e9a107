/**
 * `npm run bench:start`: the first start of a fresh clone, as `npm start` runs it (the built server, PGlite, an empty
 * DATA_DIR, the demo catalogue), RUNS times in a row. Two figures each time: the server's own "ready in" (from its
 * first line of code to listening: the data directory copied, PGlite started, the app built) and spawn to the
 * first 200 of /api/ping (that, plus Node loading the bundle and its dependencies). Then a warm restart on the
 * last one's directory. Medians and the worst, since the machine is shared and noisy.
 */
import { pathToFileURL } from 'node:url';
import { percentile, printTable, requireBuild, startServer, tempDataDir, writeResult } from './lib.ts';

const RUNS = Number(process.env.RUNS) || 7;

export async function benchStart() {
  requireBuild();
  const ready: number[] = [];
  const spawnToPing: number[] = [];
  let last: ReturnType<typeof tempDataDir> | undefined;
  for (let i = 0; i < RUNS; i++) {
    last?.remove();
    last = tempDataDir('nirmaan-first-start');
    // Not production: `npm start` on a fresh clone sets no NODE_ENV.
    const server = await startServer({ dataDir: last.dir, env: { NODE_ENV: 'development' } });
    const printed = server.output().match(/ready in (\d+) ms/);
    await server.stop();
    if (!printed) throw new Error(`the server printed no "ready in":\n${server.output()}`);
    ready.push(Number(printed[1]));
    spawnToPing.push(server.startMs);
  }
  const warm = await startServer({ dataDir: last!.dir, env: { NODE_ENV: 'development' } });
  await warm.stop();
  last!.remove();

  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), worst: sorted.at(-1)! };
  };
  const result = { runs: RUNS, readyInMs: summary(ready), spawnToPingMs: summary(spawnToPing), warmRestartSpawnToPingMs: warm.startMs, ready, spawnToPing };
  printTable(`first start on PGlite, ${RUNS} fresh data directories`, [
    { figure: 'server-printed "ready in" (ms)', median: result.readyInMs.median, worst: result.readyInMs.worst },
    { figure: 'spawn to first /api/ping 200 (ms)', median: result.spawnToPingMs.median, worst: result.spawnToPingMs.worst },
    { figure: 'warm restart, spawn to /api/ping (ms)', median: warm.startMs, worst: warm.startMs },
  ]);
  console.log(`written ${writeResult('start', 'pglite', result)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchStart().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
