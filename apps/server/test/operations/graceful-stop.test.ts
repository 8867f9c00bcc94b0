import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { WS_PATH } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverRoot, testConfig, throwawaySecrets } from '../../src/config';
import { listenOnLoopback, throwawayDatabase } from '../harness';
import { scratchDir } from '../scratch';

const SERVER = serverRoot();

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listenOnLoopback(server);
  await new Promise((done) => server.close(done));
  return port;
}

let child: ChildProcess;
let base: string;
let port: number;
/** What the process wrote on stdout: its log. */
let stdout = '';
let cleanUp = async () => {};

beforeAll(async () => {
  // The process under test is the built server: build it from this checkout's sources.
  execFileSync('npm', ['run', 'build', '-s'], { cwd: SERVER, stdio: 'ignore' });
  const { config, drop } = await throwawayDatabase(testConfig());
  const { databaseUrl } = config;
  // On PostgreSQL the folder only takes uploads.
  const dataDir = databaseUrl ? mkdtempSync(path.join(scratchDir(), 'meridian-stop-')) : config.dataDir;
  cleanUp = async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(SERVER, 'dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PASSWORD_LOG_N: '14',
      DEMO_TRADERS: 'off',
      DATA_DIR: dataDir,
      // PostgreSQL is production mode, which needs these.
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, OUTBOX_ONLY: 'true', ...throwawaySecrets() } : {}),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  await answering(`${base}/api/basicSet/getBasicInfo`);
}, 120_000);

/** True when `url` answers 2xx, false when it answers otherwise or not at all. */
const answersOk = (url: string) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

/** Waits until the server answers `url` (it starts in seconds), or fails if the process ended. */
async function answering(url: string): Promise<void> {
  while (!(await answersOk(url))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  await cleanUp();
});

/**
 * A sign-in whose body has not all arrived: the request is in flight until `finish` sends the rest, and
 * another request after it on the same connection (pipelined). It asks for "100 Continue", the server's
 * word that it has taken the request in.
 */
async function requestInFlight(): Promise<{ finish(): Promise<string> }> {
  const body = 'mobile=nobody%40example.com&password=wrong-password';
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  socket.write(
    'POST /api/user/loginForU HTTP/1.1\r\nHost: 127.0.0.1\r\nlang: en\r\nExpect: 100-continue\r\n' +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await once(socket, 'data');
  expect(answer).toMatch(/^HTTP\/1\.1 100 Continue/);
  socket.write(body.slice(0, 10));
  return {
    async finish() {
      socket.end(
        `${body.slice(10)}GET /api/basicSet/getBasicInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nlang: en\r\n\r\n`,
      );
      await once(socket, 'close');
      return answer;
    },
  };
}

describe('a node stopped by SIGTERM hands over without dropping anyone (issue 49)', () => {
  it('a websocket client is told 1012 (service restart), an in-flight request completes, the process exits 0', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
    await once(ws, 'open');
    // Its answer shows the server has taken the connection in.
    ws.send('ping');
    await once(ws, 'message');
    const closed = once(ws, 'close') as Promise<[number, Buffer]>;
    const inFlight = await requestInFlight();
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;

    child.kill('SIGTERM');

    const [code] = await closed;
    expect(code).toBe(1012);
    // No new connection is taken while the one in flight is answered.
    await expect
      .poll(
        () =>
          fetch(`${base}/livez`).then(
            () => 'answered',
            () => 'refused',
          ),
        { interval: 50 },
      )
      .toBe('refused');
    const answer = await inFlight.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /m);
    expect(answer).toMatch(/"code":/);
    // The request behind it on that connection is refused in the API's envelope, not Fastify's own body.
    expect(answer).toMatch(/HTTP\/1\.1 503 /);
    expect(answer).toContain(
      '{"code":1500,"msg":"The service is restarting, please try again in a moment","data":null}',
    );
    expect(await exited).toEqual([0, null]);
  });

  it('logged every line as JSON, each with the node and whether it leads, requests with their id', () => {
    const lines = stdout.trimEnd().split('\n');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.length).toBeGreaterThan(5);
    const node = logged[0]!.node as string;
    expect(node).toMatch(/^[0-9a-f]{12}$/);
    for (const line of logged) expect(line).toMatchObject({ node, leader: expect.any(Boolean) });
    // This lone node leads (the embedded database's always does; on PostgreSQL it took the lock).
    expect(logged.some((l) => l.leader === true)).toBe(true);
    const requests = logged.filter((l) => l.reqId !== undefined);
    expect(requests.length).toBeGreaterThan(0);
    for (const line of requests) expect(line.reqId).toMatch(new RegExp(`^${node}-`));
    expect(logged.map((l) => l.msg)).toContain('shutting down');
  });
});
