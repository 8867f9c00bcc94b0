import multipart from '@fastify/multipart';
import { Code, endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { UploadStore } from '../funding';
import { AppError } from '../http/errors';
import { route } from '../http/route';
import { tokenFromHeader, userForToken } from '../http/sessions';
import { operatorForToken, type Role } from '../operators';
import { readUpload, storeImage } from './service';

/** Operators whose queues show uploads: support (ID pictures), finance (payment proofs) and admin. */
const UPLOAD_VIEWERS: readonly Role[] = ['admin', 'support', 'finance'];

/** Pictures sent for deposits and verification: the upload, and the owner-or-operator viewer. */
export async function uploadRoutes(
  app: FastifyInstance,
  { database: { db }, uploads: store }: { database: Database; uploads: UploadStore },
): Promise<void> {
  // Only the upload reads multipart bodies: the plugin's hooks (a close listener and an async clean-up on
  // every response) stay on its route instead of every call's (the trade_list benchmark's per-request cost).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
    route(uploads, db, endpoints.imageUpload, async ({ user, req }) =>
      storeImage(db, store, user.id, async () => (req.isMultipart() ? req.file() : undefined)),
    );
  });

  // Served only with the owner's or a reviewing operator's Authorization header: a trader's own screen previews the local file it chose, the back office fetches bytes into a blob URL.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const token = tokenFromHeader(req.headers.authorization);
    const user = await userForToken(db, token);
    const operator = user ? null : await operatorForToken(db, token);
    const found = await readUpload(db, store, req.params.name, {
      userId: user?.id,
      operator: operator !== null && UPLOAD_VIEWERS.includes(operator.role as Role),
    });
    if (!found) throw new AppError(Code.NOT_FOUND, 'not_found', {}, 404);
    return reply
      .header('content-type', found.row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(found.bytes);
  });
}
