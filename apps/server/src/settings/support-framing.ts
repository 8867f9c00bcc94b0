import type { Db } from '../db/client';
import { readSettings } from './read';

/** How often a node re-reads service_link: another node's change reaches its pages' policy within this. */
const REFRESH_MS = 30_000;
const SELF = "'self'";

/** What the support chat (/mine/chat, an iframe of service_link) may be framed from: this site, and that link's https origin. */
export function frameSourcesOf(serviceLink: string): string[] {
  try {
    const url = new URL(serviceLink);
    return url.protocol === 'https:' ? [SELF, url.origin] : [SELF];
  } catch {
    // A path on this site (the built-in /support page).
    return [SELF];
  }
}

const framings = new WeakMap<Db, SupportFraming>();

export interface SupportFraming {
  /** The page policy's frame-src now. */
  readonly sources: string[];
  /** Reads service_link again (after this node changed it). */
  refresh(): Promise<void>;
  stop(): void;
}

/** The frame-src of the pages, following the service_link setting; one per database, refreshed on a timer. */
export function supportFraming(db: Db): SupportFraming {
  const known = framings.get(db);
  if (known) return known;
  let sources = [SELF];
  const refresh = async () => {
    sources = frameSourcesOf((await readSettings(db)).service_link);
  };
  const timer = setInterval(() => void refresh().catch(() => {}), REFRESH_MS);
  timer.unref();
  void refresh().catch(() => {});
  const framing: SupportFraming = {
    get sources() {
      return sources;
    },
    refresh,
    stop: () => clearInterval(timer),
  };
  framings.set(db, framing);
  return framing;
}
