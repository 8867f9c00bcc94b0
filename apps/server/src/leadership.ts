import type pg from 'pg';

/** The driver, loaded when PostgreSQL is used (an embedded start never does). */
const driver = async () => (await import('pg')).default;

/** Advisory lock keys: one node migrates and seeds at a time; one node leads (feed and engine). */
const STARTUP_LOCK = 7_301_001;
const LEADER_LOCK = 7_301_002;
/** How often a follower tries to become the leader; a dead leader is replaced within about this long. */
export const LEADER_POLL_MS = 1000;

/** Runs `work` while holding the startup lock, so concurrent nodes migrate and seed one after another. */
export async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new (await driver()).Client({ connectionString: databaseUrl });
  // Losing the lock's idle connection must not crash the node: the migrations hold their own lock and transaction.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

export interface Leadership {
  /** Settles after the first attempt: this node then leads or follows. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Leader election by a PostgreSQL session advisory lock held on a connection of its own: the node
 * holding it leads; when that node dies its connection ends, the lock is released, and the next
 * follower to poll takes it. Losing the connection means losing the lead at once. The roles change one
 * after the other, never side by side: a connection lost while the node takes the lead steps it down once
 * the lead is taken, and a lead won again while it steps down is taken once it has stepped down (an engine
 * stopped halfway through its start went on running, owned by no one).
 */
export function electLeader(
  databaseUrl: string,
  roles: { lead: () => Promise<void>; follow: () => Promise<void> },
  log: (message: string, err?: unknown) => void,
): Leadership {
  let client: pg.Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changing = Promise.resolve();
  /** Runs a change of role after the ones before it. */
  const inTurn = (change: () => Promise<void>): Promise<void> => {
    changing = changing.then(
      () => change(),
      () => change(),
    );
    return changing;
  };

  const stepDown = async (reason: string, err?: unknown) => {
    client = null;
    if (!leading) return;
    leading = false;
    log(`leadership lost: ${reason}`, err);
    await inTurn(roles.follow);
  };

  const attempt = async () => {
    if (stopped) return;
    try {
      if (!client) {
        const fresh = new (await driver()).Client({ connectionString: databaseUrl });
        fresh.on('error', (err) => void stepDown('database connection error', err));
        fresh.on('end', () => void stepDown('database connection ended'));
        await fresh.connect();
        client = fresh;
      }
      if (!leading) {
        const { rows } = await client.query('select pg_try_advisory_lock($1) as won', [LEADER_LOCK]);
        if (rows[0]?.won) {
          leading = true;
          log('this node leads: price feed and trading engine started');
          await inTurn(roles.lead);
        }
      }
    } catch (err) {
      const old = client;
      await stepDown('lock check failed', err);
      await old?.end().catch(() => {});
    }
    if (!stopped) timer = setTimeout(() => void attempt(), LEADER_POLL_MS);
  };

  const ready = inTurn(roles.follow).then(attempt);
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const old = client;
      client = null;
      if (leading) {
        leading = false;
        await inTurn(roles.follow);
      } else await changing.catch(() => {});
      await old?.end().catch(() => {});
    },
  };
}
