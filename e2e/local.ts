/** What a local run of the built product needs, shared by the end-to-end tests and the benchmarks. */
import { createServer } from 'node:net';

/** Debian's Chromium, or the one CHROME_PATH names. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
