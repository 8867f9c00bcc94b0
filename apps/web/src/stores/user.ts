import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { randomId } from '../ui/randomId';

/** The user object of SPEC.md §3 as /api/user/info and the login result return it. */
export interface User {
  id: number;
  uid: string;
  is_demo: number;
  is_real: number;
  name: string;
  email: string;
  mobile: string;
  invite_code: string;
  /** 1 when the trader signs in, and moves money, with an authenticator app's code. */
  totp_enabled: number;
}

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
