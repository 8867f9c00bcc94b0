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
  /** Balance as the server formats it: 2 decimals. */
  balance: string;
  signIn(token: string, user: User): void;
  setUser(user: User): void;
  setBalance(balance: string): void;
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
      balance: '0.00',
      signIn: (token, user) => set({ isLogin: true, token, user }),
      setUser: (user) => set({ user, isLogin: true }),
      setBalance: (balance) => set({ balance }),
      signOut: () => set({ isLogin: false, token: '', user: null, balance: '0.00' }),
    }),
    { name: 'user' },
  ),
);
