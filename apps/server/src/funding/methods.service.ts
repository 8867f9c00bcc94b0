import type { DrawType } from '@meridian/contract';
import type { Db, Tx } from '../db/client';
import { invalidInput, refuse } from '../http/errors';
import { said } from '../http/route';
import type { User } from '../http/sessions';
import { enabledCurrency } from './catalog.repo';
import { type DrawMethod, deleteOwnMethod, insertMethod, methodCount, methodsOf } from './methods.repo';

/** Enough for every currency and a few bank accounts; stops a script filling the table. */
const MAX_METHODS = 20;

export interface BindInput {
  type: DrawType;
  draw_id: number;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  coin_type: string;
  remark: string;
}

/** SPEC.md §5: a coin method needs its address; a bank method its bank name and address, payee name and account. */
const REQUIRED: Record<DrawType, (keyof BindInput)[]> = {
  1: ['dc_address'],
  2: ['bank_name', 'bank_address', 'payee_name', 'payee_account'],
};

/** SPEC.md §3 bound method. */
export const methodView = (m: DrawMethod, currency: { code: string; protocol: string }) => ({
  id: m.id,
  type: m.type,
  draw_id: m.currencyId,
  dc_address: m.dcAddress,
  bank_name: m.bankName,
  bank_address: m.bankAddress,
  bank_swift: m.bankSwift,
  payee_name: m.payeeName,
  payee_account: m.payeeAccount,
  coin_type: m.coinType,
  remark: m.remark,
  draw_currency: { code: currency.code, protocol: currency.protocol },
});

export async function listMethods(db: Db, user: User, type: DrawType, currencyId?: number) {
  const rows = await methodsOf(db, user.id, type, currencyId);
  return rows.map((r) => methodView(r.method, r));
}

/** Where a method sends money, as the trader's notices name it: the address, or the bank and account. */
export const destinationOf = (
  m: Pick<ReturnType<typeof methodView>, 'type' | 'dc_address' | 'bank_name' | 'payee_account'>,
) => (m.type === 1 ? m.dc_address : `${m.bank_name} ${m.payee_account}`);

/** Binds a withdrawal method; `useProof` uses up the trader's step-up code in the same transaction. */
export async function bindMethod(db: Db, user: User, input: BindInput, useProof: (tx: Tx) => Promise<void>) {
  for (const field of REQUIRED[input.type]) if (!input[field]) throw invalidInput(field);
  const currency = await enabledCurrency(db, input.draw_id);
  if (!currency || currency.type !== input.type) throw refuse('currency_unknown');
  if ((await methodCount(db, user.id)) >= MAX_METHODS) throw refuse('method_limit');
  const coin = input.type === 1;
  const method = await db.transaction(async (tx) => {
    await useProof(tx);
    return insertMethod(tx, {
      userId: user.id,
      type: input.type,
      currencyId: currency.id,
      dcAddress: coin ? input.dc_address : '',
      bankName: coin ? '' : input.bank_name,
      bankAddress: coin ? '' : input.bank_address,
      bankSwift: coin ? '' : input.bank_swift,
      payeeName: coin ? '' : input.payee_name,
      payeeAccount: coin ? '' : input.payee_account,
      coinType: coin ? '' : input.coin_type,
      remark: input.remark,
    });
  });
  return said(methodView(method, currency), 'method_bound');
}

export async function deleteMethod(db: Db, user: User, id: number) {
  if (!(await deleteOwnMethod(db, user.id, id))) throw refuse('method_not_found');
  return said(null, 'method_deleted');
}
