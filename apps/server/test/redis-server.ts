import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { listenOnLoopback } from './harness';

/** A Redis of a test's own, which it stops and starts again on the same port (an outage and its end). */
export interface RedisServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listenOnLoopback(server);
  await new Promise((done) => server.close(done));
  return port;
}

/** A real redis-server on a free loopback port, keeping nothing on disk; started by `start()`. */
export async function redisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        REDIS_SERVER,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      child = started;
      let output = '';
      await new Promise<void>((ready, fail) => {
        started.stdout!.on('data', (chunk) => {
          output += chunk;
          if (output.includes('Ready to accept connections')) ready();
        });
        started.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`)));
      });
      started.stdout!.resume();
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
