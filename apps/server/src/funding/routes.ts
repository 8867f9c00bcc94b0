import multipart from '@fastify/multipart';
import { api, Code } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notifyAccount } from '../accounts/notify-account';
import { proveStepUp } from '../accounts/step-up';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { route } from '../http/route';
import { tokenFromHeader, userForToken } from '../http/sessions';
import { id } from '../operators/inputs';
import { operatorForToken, type Role } from '../operators/session';
import { depositOptions, requestDeposit } from './deposits.service';
import { positiveAmount, text, uploadUrl } from './inputs';
import { bindMethod, deleteMethod, destinationOf, listMethods } from './methods.service';
import { readUpload, storeImage } from './uploads.service';
import { requestWithdrawal, withdrawalRecords, withdrawCurrencyList } from './withdrawals.service';

/** Operators whose queues show uploads: support (ID pictures), finance (payment proofs) and admin. */
const UPLOAD_VIEWERS: readonly Role[] = ['admin', 'support', 'finance'];

const drawType = z.coerce.number().int().min(1).max(2);
/** The step-up proof of accounts/step-up.ts: a code sent to the account's own address, or its authenticator's code. */
const stepUpInput = { auth_code: text(16), totp: text(8) };
const page = z.coerce.number().int().min(1).max(100_000).default(1);

const bindInput = z.object({
  type: drawType.transform((v) => v as 1 | 2),
  draw_id: id,
  dc_address: text(200),
  bank_name: text(200),
  bank_address: text(300),
  bank_swift: text(20),
  payee_name: text(200),
  payee_account: text(100),
  coin_type: text(20),
  remark: text(300),
  ...stepUpInput,
});

/** SPEC.md §7 funding calls (real accounts only, by the contract) and the owner-or-operator upload viewer. */
export async function fundingRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const {
    database: { db },
    config,
    trading,
  } = deps;
  const stepUp = { db, secrets: deps.secrets };
  const notices = { db, delivery: deps.delivery, log: app.log };
  // Only the upload reads multipart bodies: the plugin's hooks (a close listener and an async clean-up on
  // every response) stay on its route instead of every call's (the trade_list benchmark's per-request cost).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
    route(uploads, db, api.imageUpload, z.object({}), async ({ user, req }) =>
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

  route(app, db, api.chargeInfo, z.object({}), async () => depositOptions(db, config));

  route(
    app,
    db,
    api.chargeSubmit,
    z.object({ number: positiveAmount, proofImg: uploadUrl, address: text(200), charge_id: id }),
    async ({ user, input }) =>
      requestDeposit(db, user, {
        kind: 'coin',
        channelId: input.charge_id,
        amount: input.number,
        proofImg: input.proofImg,
        address: input.address,
      }),
  );

  route(
    app,
    db,
    api.wireSubmit,
    z.object({ number: positiveAmount, proofImg: uploadUrl, wire_id: id }),
    async ({ user, input }) =>
      requestDeposit(db, user, {
        kind: 'wire',
        channelId: input.wire_id,
        amount: input.number,
        proofImg: input.proofImg,
        address: '',
      }),
  );

  route(app, db, api.drawSymbolList, z.object({ type: drawType }), async ({ input }) =>
    withdrawCurrencyList(db, input.type),
  );

  route(
    app,
    db,
    api.getDrawMethod,
    z.object({ draw_type: drawType, draw_id: id.optional() }),
    async ({ user, input }) => listMethods(db, user, input.draw_type, input.draw_id),
  );

  route(app, db, api.bindDrawMethod, bindInput, async ({ user, input, lang }) => {
    const useProof = await proveStepUp(stepUp, user, input);
    const bound = await bindMethod(db, user, input, useProof);
    await notifyAccount(notices, user, lang, 'notice_withdraw_method', {
      destination: destinationOf(bound.data),
    });
    return bound;
  });

  route(app, db, api.delDrawMethod, z.object({ id }), async ({ user, input }) =>
    deleteMethod(db, user, input.id),
  );

  route(
    app,
    db,
    api.draw,
    z.object({
      draw_currency_id: id,
      number: positiveAmount,
      memo: text(300),
      draw_method_id: id.optional(),
      ...stepUpInput,
    }),
    async ({ user, input, lang }) => {
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
    },
  );

  route(app, db, api.drawList, z.object({ type: drawType, page }), async ({ user, input, lang }) =>
    withdrawalRecords(db, user, input.type, input.page, lang),
  );
}
