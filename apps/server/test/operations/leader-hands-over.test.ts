import { describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config';
import { silentFeed } from '../../src/feed/feed';
import { type Platform, startPlatform } from '../../src/platform';
import { throwawayDatabase } from '../harness';

/** What this node's /metrics says of its part: 1 when it leads. */
async function leads(node: Platform): Promise<number> {
  const { body } = await node.http.inject({ method: 'GET', url: '/metrics' });
  return Number(/^meridian_leader (\d)$/m.exec(body)?.[1]);
}

describe('a leader that stops hands over (issue 49)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'another node leads within seconds of the leader stopping',
    async () => {
      const { config, drop } = await throwawayDatabase(testConfig());
      const first = await startPlatform(config, { feed: silentFeed });
      const second = await startPlatform(config, { feed: silentFeed });
      try {
        expect([await leads(first), await leads(second)]).toEqual([1, 0]);
        await first.close();
        await expect.poll(() => leads(second), { timeout: 10_000, interval: 200 }).toBe(1);
      } finally {
        await second.close();
        await drop();
      }
    },
  );
});
