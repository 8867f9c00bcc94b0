import type { FiledRequest, NewOperator, OperatorRole } from '@meridian/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { refuse } from '../http/errors';
import { hashPassword } from '../http/password';
import { type Said, said } from '../http/route';
import {
  type AuditEntry,
  audit,
  fileRequest,
  lockOperator,
  type Operator,
  operators,
  revokeOperatorSessions,
} from '../operators';
import { operatorView } from './routes';

type Actor = Pick<AuditEntry, 'operatorId'>;

/** A new operator as its request carries it: the password only as its scrypt hash. */
export interface NewOperatorChange {
  email: string;
  role: OperatorRole;
  passwordHash: string;
}
export interface RoleChange {
  operatorId: number;
  email: string;
  role: OperatorRole;
  previousRole: OperatorRole;
}
export interface Enabling {
  operatorId: number;
  email: string;
}

async function operatorOrFail(tx: Tx, id: number): Promise<Operator> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!row) throw refuse('not_found');
  return row;
}

async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [row] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.email, email));
  return row !== undefined;
}

/** The first operator alone: nobody could approve the second, so that one is made at once. */
async function onlyOperator(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(operators);
  return row?.n === 1;
}

/** Makes a new operator (they choose their own password at first sign-in), holding its role from now. */
export async function createOperatorIn(tx: Tx, operatorId: number, change: NewOperatorChange) {
  const [created] = await tx
    .insert(operators)
    .values({ ...change, mustChangePassword: true })
    .onConflictDoNothing({ target: operators.email })
    .returning();
  if (!created) throw refuse('operator_email_taken');
  // Its first step is its password, whether or not TOTP is required.
  const view = operatorView(created);
  await audit(tx, {
    operatorId,
    action: 'operator.create',
    targetType: 'operator',
    targetId: created.id,
    after: view,
  });
  return view;
}

/** Gives an operator another role, granted now: it approves only what is filed from now on. */
export async function changeRoleIn(tx: Tx, operatorId: number, { operatorId: id, role }: RoleChange) {
  const before = await operatorOrFail(tx, id);
  await tx.update(operators).set({ role, roleGrantedAt: sql`now()` }).where(eq(operators.id, id));
  await audit(tx, {
    operatorId,
    action: 'operator.role',
    targetType: 'operator',
    targetId: id,
    before: { role: before.role },
    after: { role },
  });
  return { id, role };
}

/** Re-enables a disabled operator. */
export async function enableOperatorIn(tx: Tx, operatorId: number, { operatorId: id }: Enabling) {
  const before = await operatorOrFail(tx, id);
  await tx.update(operators).set({ disabled: false }).where(eq(operators.id, id));
  await audit(tx, {
    operatorId,
    action: 'operator.enable',
    targetType: 'operator',
    targetId: id,
    before: { disabled: before.disabled },
    after: { disabled: false },
  });
  return { id, disabled: false };
}

/** Operators are changed by two: an admin files the change, a second operator makes it by approving it. */
const waitForSecond = (
  tx: Tx,
  actor: Actor,
  kind: 'operator_create' | 'operator_role' | 'operator_enable',
  change: object,
) => fileRequest(tx, actor, kind, { ...change }, undefined, 'operator_change_waits');

/**
 * An admin asks for a new operator: filed for a second operator, but for the platform's first operator
 * adding the second (counted under the asker's row lock, so two parallel calls cannot both be that one).
 */
export async function requestOperator(
  db: Db,
  actor: Actor,
  input: NewOperator,
): Promise<Said<ReturnType<typeof operatorView> | FiledRequest>> {
  const change: NewOperatorChange = {
    email: input.email,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  };
  return db.transaction(async (tx) => {
    await lockOperator(tx, actor.operatorId);
    if (await emailTaken(tx, change.email)) throw refuse('operator_email_taken');
    if (await onlyOperator(tx)) return said(await createOperatorIn(tx, actor.operatorId, change), 'ok');
    return waitForSecond(tx, actor, 'operator_create', change);
  });
}

/** An admin asks for another role for an operator: filed for a second operator. */
export function requestRole(db: Db, actor: Actor, id: number, role: OperatorRole) {
  return db.transaction(async (tx) => {
    const target = await operatorOrFail(tx, id);
    if (target.role === role) throw refuse('operator_role_same');
    const change: RoleChange = {
      operatorId: id,
      email: target.email,
      role,
      previousRole: target.role as OperatorRole,
    };
    return waitForSecond(tx, actor, 'operator_role', change);
  });
}

/**
 * Disables an operator at once (ending their sessions), or asks to re-enable one, which a second operator
 * makes; an operator already enabled is answered as is.
 */
export async function setOperatorDisabled(
  db: Db,
  actor: Actor,
  id: number,
  disabled: boolean,
  at: Date,
): Promise<{ id: number; disabled: boolean } | Said<FiledRequest>> {
  if (id === actor.operatorId) throw refuse('operator_self_disable');
  return db.transaction(async (tx) => {
    const before = await operatorOrFail(tx, id);
    if (!disabled) {
      if (!before.disabled) return { id, disabled };
      return waitForSecond(tx, actor, 'operator_enable', {
        operatorId: id,
        email: before.email,
      } satisfies Enabling);
    }
    await tx.update(operators).set({ disabled }).where(eq(operators.id, id));
    // A disabled operator's open sessions end now, not when they next expire.
    await revokeOperatorSessions(tx, id, at);
    await audit(tx, {
      ...actor,
      action: 'operator.disable',
      targetType: 'operator',
      targetId: id,
      before: { disabled: before.disabled },
      after: { disabled },
    });
    return { id, disabled };
  });
}
