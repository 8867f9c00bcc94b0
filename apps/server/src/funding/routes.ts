import multipart from '@fastify/multipart';
import { Code, endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { notifyAccount } from '../accounts/notify-account';
import { proveStepUp } from '../accounts/step-up';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { route } from '../http/route';
import { tokenFromHeader, userForToken } from '../http/sessions';
import { operatorForToken, type Role } from '../operators/session';
import { depositOptions, depositRecords, requestDeposit } from './deposits.service';
import { bindMethod, deleteMethod, destinationOf, listMethods } from './methods.service';
import { readUpload, storeImage } from './uploads.service';
import { requestWithdrawal, withdrawalRecords, withdrawCurrencyList } from './withdrawals.service';

/** Operators whose queues show uploads: support (ID pictures), finance (payment proofs) and admin. */
const UPLOAD_VIEWERS: readonly Role[] = ['admin', 'support', 'finance'];

/** SPEC.md §7 funding calls (real accounts only, by the contract) and the owner-or-operator upload viewer. */
export async function fundingRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const {
    database: { db },
    config,
    trading,
  } = deps;
  const stepUp = { db, secrets: deps.secrets, throttle: deps.throttle };
  const notices = { db, delivery: deps.delivery, log: app.log };
  // Only the upload reads multipart bodies: the plugin's hooks (a close listener and an async clean-up on
  // every response) stay on its route instead of every call's (the trade_list benchmark's per-request cost).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
    route(uploads, db, endpoints.imageUpload, async ({ user, req }) =>
      storeImage(db, config.uploadDir, user.id, req.isMultipart() ? await req.file() : undefined),
    );
  });

  // Served only with the owner's or a reviewing operator's Authorization header: a trader's own screen previews the local file it chose, the back office fetches bytes into a blob URL.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const token = tokenFromHeader(req.headers.authorization);
    const user = await userForToken(db, token);
    const operator = user ? null : await operatorForToken(db, token);
    const found = await readUpload(db, config.uploadDir, req.params.name, {
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

  route(app, db, endpoints.chargeInfo, async () => depositOptions(db));

  route(app, db, endpoints.chargeSubmit, async ({ user, input }) =>
    requestDeposit(db, user, {
      kind: 'coin',
      channelId: input.charge_id,
      amount: input.number,
      proofImg: input.proofImg,
      address: input.address,
    }),
  );

  route(app, db, endpoints.wireSubmit, async ({ user, input }) =>
    requestDeposit(db, user, {
      kind: 'wire',
      channelId: input.wire_id,
      amount: input.number,
      proofImg: input.proofImg,
      address: '',
    }),
  );

  route(app, db, endpoints.chargeList, async ({ user, input, lang }) =>
    depositRecords(db, user, input.page, lang),
  );

  route(app, db, endpoints.drawSymbolList, async ({ input }) => withdrawCurrencyList(db, input.type));

  route(app, db, endpoints.getDrawMethod, async ({ user, input }) =>
    listMethods(db, user, input.draw_type, input.draw_id),
  );

  route(app, db, endpoints.bindDrawMethod, async ({ user, input, lang }) => {
    const useProof = await proveStepUp(stepUp, user, input);
    const bound = await bindMethod(db, user, input, useProof);
    await notifyAccount(notices, user, lang, 'notice_withdraw_method', {
      destination: destinationOf(bound.data),
    });
    return bound;
  });

  route(app, db, endpoints.delDrawMethod, async ({ user, input }) => deleteMethod(db, user, input.id));

  route(app, db, endpoints.draw, async ({ user, input, lang }) => {
    const useProof = await proveStepUp(stepUp, user, input);
    const asked = await requestWithdrawal(
      db,
      trading,
      user,
      {
        currencyId: input.draw_currency_id,
        amount: input.number,
        memo: input.memo,
        methodId: input.draw_method_id,
      },
      useProof,
    );
    await notifyAccount(notices, user, lang, 'notice_withdrawal', {
      amount: input.number,
      destination: asked.data.destination,
    });
    return asked;
  });

  route(app, db, endpoints.drawList, async ({ user, input, lang }) =>
    withdrawalRecords(db, user, input.type, input.page, lang),
  );
}
