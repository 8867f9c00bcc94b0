import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Delivery } from '../accounts';
import { notifyAccount, proveStepUp } from '../accounts';
import type { Database } from '../db/client';
import { route } from '../http/route';
import type { Secrets } from '../http/secrets';
import type { Throttle } from '../http/throttle';
import type { Trading } from '../trading';
import { depositOptions, depositRecords, requestDeposit } from './deposits.service';
import { bindMethod, deleteMethod, destinationOf, listMethods } from './methods.service';
import { requestWithdrawal, withdrawalRecords, withdrawCurrencyList } from './withdrawals.service';

/** SPEC.md §7 funding calls (real accounts only, by the contract). */
export function fundingRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    now: () => number;
    trading: Trading;
    secrets: Secrets;
    throttle: Throttle;
    delivery: Delivery;
  },
): void {
  const {
    database: { db },
    trading,
  } = deps;
  const stepUp = { db, now: deps.now, secrets: deps.secrets, throttle: deps.throttle };
  const notices = { db, delivery: deps.delivery, log: app.log };
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
