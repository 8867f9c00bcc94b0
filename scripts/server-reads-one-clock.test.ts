import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server decides by one clock, the app's `now` (deps.ts; tests move it): issue 48. These files read the
 * wall clock instead, as many times as given, for the reason given; any other read fails here.
 */
const WALL_CLOCK: Record<string, { reads: number; why: string }> = {
  'platform.ts': { reads: 1, why: 'the app clock itself: the wall clock unless a test gives its own' },
  'funding/s3-store.ts': { reads: 1, why: "an S3 request's signature: AWS checks it against real time" },
  'push/send.ts': {
    reads: 1,
    why: "a push's VAPID token: the push service checks its expiry against real time",
  },
  'db/lock.ts': {
    reads: 1,
    why: 'when a process took the data folder: for the operator reading the lock file',
  },
  'db/migrate.ts': { reads: 2, why: 'how long a migration ran: an operational figure for the log' },
  'ws/routes.ts': { reads: 4, why: "a socket's idleness and message rate: real time, as its client's pings" },
  'ws/gateway.ts': {
    reads: 1,
    why: 'how long a slow client has been behind: real time, as its buffer drains',
  },
  'trading/watchers.ts': { reads: 1, why: "a node's silence: real time, as its presence messages" },
  'bus/redis.ts': {
    reads: 1,
    why: 'when the bus began to lose messages: real time, as the database clock the changes are read back by',
  },
  'trading/catch-up.ts': {
    reads: 1,
    why: "how long ago a loss began: real time, as the database clock of the orders' updated_at",
  },
  'notifications/catch-up.ts': {
    reads: 1,
    why: "how long ago a loss began: real time, as the bus's date of it; the window is then laid on the server's clock",
  },
  'admin/risk-live.ts': { reads: 2, why: "the risk view's recomputation pace: a real wait (setTimeout's)" },
  'feed/external.ts': {
    reads: 1,
    why: "a price provider's silence: real time, as its heartbeat on the wire",
  },
};

const SRC = path.join(import.meta.dirname, '../apps/server/src');
const READ = /new Date\(\)|\bDate\.now\b/g;

/** The wall-clock reads of a source text: `new Date()` and `Date.now` (called or passed), comments aside. */
function wallClockReads(source: string): number {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .reduce((n, line) => n + (line.match(READ)?.length ?? 0), 0);
}

const sources = () =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.split(path.sep).join('/'));

describe('the server reads one clock', () => {
  it('counts a read of the wall clock however it is written, and no comment', () => {
    expect(wallClockReads('const at = new Date();\nconst ms = Date.now();')).toBe(2);
    expect(wallClockReads('constructor(now = Date.now) {}')).toBe(1);
    expect(wallClockReads('// Date.now() in a comment\n * new Date() in a doc comment')).toBe(0);
    expect(wallClockReads('const at = new Date(now());\nconst day = new Date(0);')).toBe(0);
  });

  it('reads the wall clock only where the allow-list says, and says why', () => {
    const found = Object.fromEntries(
      sources()
        .map((file) => [file, wallClockReads(readFileSync(path.join(SRC, file), 'utf8'))] as const)
        .filter(([, reads]) => reads > 0),
    );
    const allowed = Object.fromEntries(Object.entries(WALL_CLOCK).map(([file, { reads }]) => [file, reads]));
    expect(found).toEqual(allowed);
  });
});
