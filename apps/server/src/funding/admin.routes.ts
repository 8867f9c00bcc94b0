import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { flag, id } from '../operators/inputs';
import { adminRoute } from '../operators/session';
import { listChannels, listCurrencies, upsertChannel, upsertCurrency } from './catalog.service';
import { approveDeposit, depositQueue, rejectDeposit } from './deposits.service';
import { amountOrZero, text } from './inputs';
import { reviewRoutes } from './review-routes';
import { payWithdrawal, rejectWithdrawal, withdrawalQueue } from './withdrawals.service';

const MONEY_ROLES = ['finance'] as const;

const channelInput = z.object({
  id: id.optional(),
  kind: z.enum(['coin', 'wire']),
  currency_code: z.string().trim().min(1).max(20),
  protocol_code: text(20),
  address: text(200),
  bank_name: text(200),
  account_name: text(200),
  account_number: text(100),
  swift: text(20),
  bank_address: text(300),
  remark: text(300),
  enabled: flag.default(true),
  sort: z.coerce.number().int().min(0).max(10_000).default(0),
});

const currencyInput = z.object({
  id: id.optional(),
  type: z.coerce.number().int().min(1).max(2),
  code: z.string().trim().min(1).max(20),
  protocol: text(20),
  draw_rate: amountOrZero,
  fee_type: z.coerce.number().int().min(1).max(2),
  usd_price: amountOrZero,
  min: amountOrZero,
  max: amountOrZero,
  enabled: flag.default(true),
  sort: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** The finance desk's side of funding: deposit and withdrawal queues, deposit channels, withdrawal currencies. */
export function fundingAdminRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  reviewRoutes(app, db, {
    path: '/admin/api/deposits',
    roles: MONEY_ROLES,
    list: (status, page) => depositQueue(db, status, page),
    approve: (operatorId, depositId) => approveDeposit(db, operatorId, depositId),
    reject: (operatorId, depositId, reason) => rejectDeposit(db, operatorId, depositId, reason),
  });

  reviewRoutes(app, db, {
    path: '/admin/api/withdrawals',
    roles: MONEY_ROLES,
    list: (status, page, lang) => withdrawalQueue(db, status, page, lang),
    approve: (operatorId, withdrawalId) => payWithdrawal(db, operatorId, withdrawalId),
    reject: (operatorId, withdrawalId, reason) => rejectWithdrawal(db, operatorId, withdrawalId, reason),
  });

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/deposit-channels', roles: MONEY_ROLES },
    z.object({}),
    () => listChannels(db),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/deposit-channels', roles: MONEY_ROLES },
    channelInput,
    ({ operator, input: { id: channelId, ...c } }) =>
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

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/withdraw-currencies', roles: MONEY_ROLES },
    z.object({}),
    () => listCurrencies(db),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/withdraw-currencies', roles: MONEY_ROLES },
    currencyInput,
    ({ operator, input: { id: currencyId, ...c } }) =>
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
