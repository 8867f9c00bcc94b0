import { hostname } from 'node:os';
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

/** What the server's parts log through: the node's one logger, or a child of it. */
export type Log = Logger;

/** A failure a component reports and carries on after (a job's run, a push not delivered). */
export type ErrorLog = (message: string, err?: unknown) => void;

/** `log`'s error lines for a component that reports failures by message and error. */
export const errorLog =
  (log: Log): ErrorLog =>
  (message, err) =>
    log.error({ err }, message);

export interface LogOptions {
  level: LevelWithSilent;
  /** This node's id: ties the lines of one process together once many nodes' logs are collected. */
  node: string;
  /** Whether this node leads now (runs the feed and the engine): every line says so. */
  leading: () => boolean;
  /** Where lines go; stdout by default. */
  destination?: DestinationStream;
}

/**
 * The node's logger: one JSON line per event on stdout, each with the node's id and its leader flag
 * (request lines also carry the request's id, `reqId`).
 */
export function createLog({ level, node, leading, destination }: LogOptions): Log {
  return pino(
    {
      level,
      base: { pid: process.pid, hostname: hostname(), node },
      mixin: () => ({ leader: leading() }),
      serializers: {
        // Paths only: query strings can carry credentials (a demo device id) and never reach the log.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          remoteAddress: req.ip,
        }),
      },
    },
    destination,
  );
}
