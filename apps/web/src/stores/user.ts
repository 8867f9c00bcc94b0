import type { User } from '@meridian/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { randomId } from '../ui/randomId';

export type { User };

interface UserState {
  isLogin: boolean;
  token: string;
  user: User | null;
  /** Device uuid that keys the demo account (SPEC.md §6). */
  uuid: string;
  /** The real account's session while the trader uses the demo one, to switch back to without signing in. */
  realSession: { token: string; user: User } | null;
  signIn(token: string, user: User): void;
  /** Signs in to the demo account, keeping the real session shown now to switch back to. */
  enterDemo(token: string, user: User): void;
  setUser(user: User): void;
  signOut(): void;
}

/** Persisted in localStorage (SPEC.md §9). */
export const useUser = create<UserState>()(
  persist(
    (set) => ({
      isLogin: false,
      token: '',
      user: null,
      uuid: randomId(),
      realSession: null,
      signIn: (token, user) => set({ isLogin: true, token, user, realSession: null }),
      enterDemo: (token, user) =>
        set((s) => ({
          isLogin: true,
          token,
          user,
          realSession: s.user && s.user.is_demo !== 1 ? { token: s.token, user: s.user } : s.realSession,
        })),
      setUser: (user) => set({ user, isLogin: true }),
      signOut: () => set({ isLogin: false, token: '', user: null, realSession: null }),
    }),
    { name: 'user' },
  ),
);
