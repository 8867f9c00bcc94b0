/** Child process of `load()` in lib.ts: autocannon against one URL, the result sent back over IPC. */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import type { LoadResult } from './lib';

// autocannon appends every answer's body to a string, for the body checks we do not use: decoding 2 KB of
// brotli as UTF-8 took the load process 10 µs an answer, CPU the server shares on this machine. Not kept.
const { prototype: queue } = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
if (typeof queue.addBody !== 'function') throw new Error('autocannon no longer keeps bodies as expected');
queue.addBody = () => {};

const input = JSON.parse(process.argv[2]!) as {
  url: string;
  seconds: number;
  connections: number;
  headers: Record<string, string>[];
};
let next = 0;
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  // One set of headers is sent as is; several rotate per request (rebuilding each request costs the client).
  ...(input.headers.length === 1
    ? { headers: input.headers[0] }
    : {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, ...input.headers[next++ % input.headers.length] },
            }),
          },
        ],
      }),
});
const cpu = process.cpuUsage(cpuBefore);
const out: LoadResult = {
  perSecond: result.requests.total / (result.duration || input.seconds),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  total: result.requests.total,
  clientCpu: (cpu.user + cpu.system) / result.requests.total,
};
process.send!(out, () => process.exit(0));
