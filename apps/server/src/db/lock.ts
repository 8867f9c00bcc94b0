import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process: a second process opening the same folder does
 * not fail, it silently corrupts it. So whoever opens it (the server, `npm run reconcile`) first takes
 * this lock file, and refuses while a live process holds it.
 */
export class DataDirBusy extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by another process ` +
        `(${holder.owner}, pid ${holder.pid}, since ${holder.since}). PGlite serves one process at a time: ` +
        'stop that process first, or use DATABASE_URL. ' +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirBusy';
  }
}

export interface LockHolder {
  pid: number;
  owner: string;
  since: string;
}

export const lockFileOf = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** True when `pid` names a running process (EPERM: it runs, as someone else). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return {
      pid: Number(parsed.pid),
      owner: String(parsed.owner ?? '?'),
      since: String(parsed.since ?? '?'),
    };
  } catch {
    return null;
  }
}

/** The live holder of `dataDir`'s lock, if any (a lock left by a crashed process does not count). */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(lockFileOf(dataDir));
  return holder && holder.pid !== process.pid && alive(holder.pid) ? holder : null;
}

/**
 * Takes `dataDir`'s lock for this process (`owner` names it in the refusal others see) and returns its
 * release. A lock left behind by a process that no longer runs is taken over. Throws DataDirBusy.
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      // The wall clock: when a process took the folder is for the operator reading the lock file, not the app.
      const holder: LockHolder = { pid: process.pid, owner, since: new Date().toISOString() };
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && alive(holder.pid)) throw new DataDirBusy(file, holder);
      if (attempt > 0) throw err;
      // Stale (its process is gone) or unreadable: take it over, once.
      unlinkSync(file);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
  };
  // A process that exits without closing the database still frees the folder.
  process.on('exit', release);
  return release;
}
