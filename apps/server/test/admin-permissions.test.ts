import { Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls, ROLES, type Role } from '../src/operators/session';
import { adminCall, operatorToken, trader } from './admin-helpers';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The permission policy of the back office: who may call what ('any' = every signed-in operator). */
const POLICY: Record<string, readonly Role[] | 'any'> = {
  'POST /admin/api/logout': 'any',
  'GET /admin/api/me': 'any',
  'POST /admin/api/totp/setup': 'any',
  'POST /admin/api/totp/enable': 'any',
  'POST /admin/api/password': 'any',
  'GET /admin/api/approvals': ['finance'],
  'POST /admin/api/approvals/approve': ['finance'],
  'POST /admin/api/approvals/reject': ['finance'],
  'GET /admin/api/operators': ['admin'],
  'POST /admin/api/operators/create': ['admin'],
  'POST /admin/api/operators/role': ['admin'],
  'POST /admin/api/operators/disable': ['admin'],
  'GET /admin/api/users': ['support', 'finance', 'risk'],
  'GET /admin/api/users/detail': ['support', 'finance', 'risk'],
  'GET /admin/api/users/ledger': ['support', 'finance', 'risk'],
  'GET /admin/api/users/orders': ['support', 'finance', 'risk'],
  'POST /admin/api/users/disable': ['support'],
  'POST /admin/api/users/revoke-sessions': ['support'],
  'POST /admin/api/users/adjust': ['finance'],
  'POST /admin/api/orders/close': ['risk', 'support'],
  'GET /admin/api/risk/exposure': ['risk'],
  'GET /admin/api/risk/accounts': ['risk'],
  'GET /admin/api/risk/live': ['risk'],
  'GET /admin/api/instruments': ['risk'],
  'POST /admin/api/instruments/edit': ['risk'],
  'GET /admin/api/settings': ['admin'],
  'POST /admin/api/settings': ['admin'],
  'GET /admin/api/outbox': ['support'],
  'GET /admin/api/audit': ['admin'],
  'GET /admin/api/reconcile': ['finance'],
  'GET /admin/api/deposits': ['finance'],
  'POST /admin/api/deposits/approve': ['finance'],
  'POST /admin/api/deposits/reject': ['finance'],
  'GET /admin/api/withdrawals': ['finance'],
  'POST /admin/api/withdrawals/approve': ['finance'],
  'POST /admin/api/withdrawals/reject': ['finance'],
  'GET /admin/api/deposit-channels': ['finance'],
  'POST /admin/api/deposit-channels': ['finance'],
  'GET /admin/api/withdraw-currencies': ['finance'],
  'POST /admin/api/withdraw-currencies': ['finance'],
  'GET /admin/api/verifications': ['support'],
  'POST /admin/api/verifications/approve': ['support'],
  'POST /admin/api/verifications/reject': ['support'],
  'GET /admin/api/news': ['content'],
  'POST /admin/api/news/save': ['content'],
  'POST /admin/api/news/delete': ['content'],
  'GET /admin/api/companies': ['content'],
  'POST /admin/api/companies/save': ['content'],
  'POST /admin/api/companies/delete': ['content'],
  'GET /admin/api/users/export': ['support', 'finance', 'risk'],
  'GET /admin/api/users/orders/export': ['support', 'finance', 'risk'],
  'GET /admin/api/users/ledger/export': ['support', 'finance', 'risk'],
  'GET /admin/api/deposits/export': ['finance'],
  'GET /admin/api/withdrawals/export': ['finance'],
  'GET /admin/api/audit/export': ['admin'],
  'GET /admin/api/reports/client-pnl': ['finance'],
  'GET /admin/api/reports/client-pnl/export': ['finance'],
  'GET /admin/api/reports/house': ['finance'],
  'GET /admin/api/reports/house/export': ['finance'],
};

const keyOf = (c: { method: string; path: string }) => `${c.method} ${c.path}`;

/** Every "METHOD /path" (GET and POST) in Fastify's printed route tree, each node's path joined to its parents'. */
function routesOf(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const [, segment = '', methods] = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 4)) ?? [];
    stack.length = depth;
    stack.push(segment);
    for (const method of methods?.split(', ') ?? []) {
      if (method === 'GET' || method === 'POST') out.push(`${method} ${stack.join('')}`);
    }
  }
  return out;
}

describe('back-office permissions', () => {
  it('declares each call of the policy with exactly its roles, and no call outside the policy', () => {
    const declared = new Map(adminCalls(t.http).map((c) => [keyOf(c), c.roles]));
    for (const [key, roles] of Object.entries(POLICY)) {
      expect(declared.has(key), key).toBe(true);
      expect([...(declared.get(key) ?? [])].sort(), key).toEqual(roles === 'any' ? [] : [...roles].sort());
    }
    expect([...declared.keys()].filter((key) => !(key in POLICY))).toEqual([]);
  });

  it('routes nothing under /admin/api that skips the operator check', () => {
    const paths = routesOf(t.http.printRoutes({ commonPrefix: false })).filter((key) =>
      key.includes(' /admin/api/'),
    );
    // Every registered call is found in the tree (the parse misses nothing), and nothing else is there.
    expect(paths.length).toBeGreaterThan(adminCalls(t.http).length);
    const checked = new Set([...adminCalls(t.http).map(keyOf), 'POST /admin/api/login']);
    expect(paths.filter((key) => !checked.has(key))).toEqual([]);
  });

  it('answers every /admin/api call, for every role, as its roles say', async () => {
    const calls = adminCalls(t.http);
    expect(calls.length).toBeGreaterThanOrEqual(Object.keys(POLICY).length);
    const wrong: string[] = [];
    for (const call of calls) {
      for (const role of ROLES) {
        const { token } = await operatorToken(t, role);
        const { code } = await adminCall(t, call.method, call.path, token);
        const allowed = role === 'admin' || call.roles.length === 0 || call.roles.includes(role);
        if ((code === Code.FORBIDDEN) === allowed || code === Code.SESSION_INVALID) {
          wrong.push(`${keyOf(call)} as ${role}: ${code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never lets a trader token or no token through', async () => {
    const { token } = await trader(t, 'perm1');
    for (const call of adminCalls(t.http)) {
      expect((await adminCall(t, call.method, call.path, token)).code, keyOf(call)).toBe(
        Code.SESSION_INVALID,
      );
      expect((await adminCall(t, call.method, call.path, undefined)).code, keyOf(call)).toBe(
        Code.SESSION_INVALID,
      );
    }
  });
});
