import type { Operator, OperatorRole } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { call, onSessionEnded, token } from './api';

export type Role = OperatorRole;
export type { Operator };

interface Session {
  operator: Operator | null;
  /** Still asking the server who the saved token belongs to. */
  loading: boolean;
  signedIn(token: string, operator: Operator): void;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  /** Whether the operator's role may use something meant for `roles` (admin may use everything). */
  can(roles: readonly Role[]): boolean;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [operator, setOperator] = useState<Operator | null>(null);
  const [loading, setLoading] = useState(Boolean(token.get()));

  const refresh = useCallback(async () => {
    if (!token.get()) return;
    try {
      setOperator(await call(adminEndpoints.me, {}, true));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    onSessionEnded(() => setOperator(null));
    refresh().catch(() => {});
  }, [refresh]);

  const value = useMemo<Session>(
    () => ({
      operator,
      loading,
      refresh,
      signedIn(saved, who) {
        token.set(saved);
        setOperator(who);
      },
      async signOut() {
        await call(adminEndpoints.logout, {}, true).catch(() => {});
        token.clear();
        setOperator(null);
      },
      can: (roles) =>
        operator !== null &&
        (operator.role === 'admin' || roles.length === 0 || roles.includes(operator.role)),
    }),
    [operator, loading, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
