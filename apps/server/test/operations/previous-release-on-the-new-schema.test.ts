import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/db/migrate';
import { emptyDatabase, MIGRATIONS, quietly } from './databases';
import type { Recorded, RecordedQuery } from './previous-release-scenario';

/**
 * Expand, then contract (docs/operations.md "Upgrades"): while nodes of the previous release still run, the newest
 * schema must serve them. The statements the previous release (f0cf062^) sent on its main paths, recorded on its
 * own schema by scripts/capture-previous-release-queries.mjs, are sent again in the same order on the same
 * connections to a database migrated to the newest schema, and each must answer as it did: the same commands and
 * row counts, the same errors.
 */
const recorded: Recorded[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'previous-release-queries.json'), 'utf8'),
);

const valuesOf = (q: RecordedQuery) =>
  q.values?.map((v) => (v !== null && typeof v === 'object' ? Buffer.from(v.base64, 'base64') : v));

interface Result {
  command: string;
  rowCount: number | null;
}

/** What `q` answers on the database at `client`, in the recording's terms. */
async function answerOf(client: pg.Client, q: RecordedQuery): Promise<RecordedQuery['answer']> {
  try {
    const r = (await client.query({ text: q.text, values: valuesOf(q), name: q.name })) as unknown as
      | Result
      | Result[];
    return { results: (Array.isArray(r) ? r : [r]).map((one) => [one.command, one.rowCount]) };
  } catch (err) {
    return { error: (err as { code?: string }).code ?? 'none' };
  }
}

describe.skipIf(!process.env.DATABASE_URL)(
  "the previous release's statements on the newest schema (issue 49)",
  () => {
    it('a node of the previous release starts, takes deposits, trades, lists, withdraws and reads the ledger as before', async () => {
      const database = await emptyDatabase('meridian_previous');
      const clients = new Map<number, pg.Client>();
      const differences: string[] = [];
      try {
        await migratePostgres(database.url, MIGRATIONS, quietly);
        for (const [i, r] of recorded.entries()) {
          let client = clients.get(r.c);
          if ('end' in r) {
            await client?.end();
            clients.delete(r.c);
            continue;
          }
          if (!client) {
            client = new pg.Client({ connectionString: database.url });
            await client.connect();
            clients.set(r.c, client);
          }
          const answer = await answerOf(client, r);
          if (JSON.stringify(answer) !== JSON.stringify(r.answer)) {
            differences.push(
              `#${i} ${r.text.replace(/\s+/g, ' ').slice(0, 160)}\n  then: ${JSON.stringify(r.answer)}\n  now:  ${JSON.stringify(answer)}`,
            );
          }
        }
        expect(recorded.filter((r) => 'text' in r).length).toBeGreaterThan(500);
        expect(differences, differences.join('\n')).toEqual([]);
      } finally {
        for (const client of clients.values()) await client.end().catch(() => {});
        await database.drop();
      }
    });
  },
);
