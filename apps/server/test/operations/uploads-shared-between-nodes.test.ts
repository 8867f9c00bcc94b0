import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config';
import { uploadBlobs } from '../../src/funding/schema';
import { deleteUnusedUploads, UNUSED_UPLOAD_TTL_MS } from '../../src/uploads/service';
import { sha256Hex } from '../../src/util/aws-sigv4';
import { operatorToken, trader } from '../admin-helpers';
import { PNG, upload } from '../funding-fixtures';
import { manualClock, startTestNode, type TestApp, throwawayDatabase } from '../harness';
import { scratchDir } from '../scratch';

const skip = !process.env.DATABASE_URL;
let first: TestApp;
let second: TestApp;
/** Each node's own UPLOAD_DIR: had the picture gone to a node's disk, the other could not serve it. */
const folders = [0, 1].map(() => mkdtempSync(path.join(scratchDir(), 'meridian-node-uploads-')));
let dropDatabase = async () => {};

beforeAll(async () => {
  if (skip) return;
  const { config, drop } = await throwawayDatabase(testConfig());
  dropDatabase = drop;
  const clock = manualClock();
  first = await startTestNode({ ...config, uploadDir: folders[0]! }, { clock });
  second = await startTestNode({ ...config, uploadDir: folders[1]! }, { clock });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await dropDatabase();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const view = (node: TestApp, url: string, token: string) =>
  node.http.inject({ method: 'GET', url, headers: { authorization: token } });

describe.skipIf(skip)('pictures uploaded on one node of a PostgreSQL deployment (issue 49)', () => {
  it('are served by another to their owner and the reviewing operators, to nobody else, and cleaned up once unused', async () => {
    const owner = await trader(first, 'shared-uploader');
    const stranger = await trader(first, 'shared-stranger');
    const support = await operatorToken(first, 'support');
    const sent = await upload(first, owner.token, PNG);
    expect(sent.code).toBe(1);
    const url = sent.data!.url;

    const served = await view(second, url, owner.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await view(second, url, support.token)).rawPayload.equals(PNG)).toBe(true);
    expect((await view(second, url, stranger.token)).statusCode).toBe(404);
    // Kept in the database with its owner and digest, on neither node's disk.
    const [blob] = await second.database.db
      .select()
      .from(uploadBlobs)
      .where(eq(uploadBlobs.name, url.split('/').pop()!));
    expect(blob).toMatchObject({
      userId: owner.id,
      mime: 'image/png',
      size: PNG.length,
      sha256: sha256Hex(PNG),
    });
    expect(folders.flatMap((folder) => readdirSync(folder))).toEqual([]);

    // A picture no deposit or verification used is deleted a day after, its bytes too, whichever node cleans.
    const deleted = await deleteUnusedUploads(
      second.database.db,
      second.uploads,
      Date.now() + UNUSED_UPLOAD_TTL_MS + 60_000,
    );
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await view(first, url, owner.token)).statusCode).toBe(404);
    expect(
      await first.database.db.select().from(uploadBlobs).where(eq(uploadBlobs.userId, owner.id)),
    ).toEqual([]);
  });
});
