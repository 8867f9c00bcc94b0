import { adminFundingEndpoints as endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { adminRoute } from '../operators';
import { listChannels, listCurrencies, upsertChannel, upsertCurrency } from './catalog.service';
import { approveDeposit, depositQueue, rejectDeposit } from './deposits.service';
import { reviewRoutes } from './review-routes';
import { payWithdrawal, rejectWithdrawal, withdrawalQueue } from './withdrawals.service';

/** The finance desk's side of funding: deposit and withdrawal queues, deposit channels, withdrawal currencies. */
export function fundingAdminRoutes(
  app: FastifyInstance,
  { database: { db }, now }: { database: Database; now: () => number },
): void {
  reviewRoutes(app, db, {
    endpoints: {
      list: endpoints.deposits,
      approve: endpoints.approveDeposit,
      reject: endpoints.rejectDeposit,
    },
    list: (status, page) => depositQueue(db, status, page),
    approve: (operatorId, depositId) => approveDeposit(db, operatorId, depositId, new Date(now())),
    reject: (operatorId, depositId, reason) =>
      rejectDeposit(db, operatorId, depositId, reason, new Date(now())),
  });

  reviewRoutes(app, db, {
    endpoints: {
      list: endpoints.withdrawals,
      approve: endpoints.payWithdrawal,
      reject: endpoints.rejectWithdrawal,
    },
    list: (status, page, lang) => withdrawalQueue(db, status, page, lang),
    approve: (operatorId, withdrawalId) => payWithdrawal(db, operatorId, withdrawalId, new Date(now())),
    reject: (operatorId, withdrawalId, reason) =>
      rejectWithdrawal(db, operatorId, withdrawalId, reason, new Date(now())),
  });

  adminRoute(app, db, endpoints.depositChannels, () => listChannels(db));
  adminRoute(app, db, endpoints.saveDepositChannel, ({ operator, input: { id: channelId, ...c } }) =>
    upsertChannel(db, operator.id, channelId, {
      kind: c.kind,
      currencyCode: c.currency_code,
      protocolCode: c.protocol_code,
      address: c.address,
      bankName: c.bank_name,
      accountName: c.account_name,
      accountNumber: c.account_number,
      swift: c.swift,
      bankAddress: c.bank_address,
      remark: c.remark,
      enabled: c.enabled,
      sort: c.sort,
    }),
  );

  adminRoute(app, db, endpoints.withdrawCurrencies, () => listCurrencies(db));
  adminRoute(app, db, endpoints.saveWithdrawCurrency, ({ operator, input: { id: currencyId, ...c } }) =>
    upsertCurrency(db, operator.id, currencyId, {
      type: c.type,
      code: c.code,
      protocol: c.protocol,
      drawRate: c.draw_rate,
      feeType: c.fee_type,
      usdPrice: c.usd_price,
      min: c.min,
      max: c.max,
      enabled: c.enabled,
      sort: c.sort,
    }),
  );
}
