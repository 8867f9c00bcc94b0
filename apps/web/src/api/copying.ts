import {
  api,
  type Copy,
  type CopyDetail,
  type CopyEvent,
  type CopyStart,
  type OptInState,
  type Provider,
} from '@meridian/contract';
import { request } from './http';

/** A provider's page; signed in, it also says whether the caller copies them. Refusals are shown on the page. */
export const fetchProvider = (id: number) => request<Provider>(api.copyProvider, { id }, { silent: true });
export const startCopying = (form: CopyStart) => request<Copy>(api.copyStart, { ...form });
export const fetchCopies = () => request<Copy[]>(api.copyList);
export const fetchCopy = (id: number) => request<CopyDetail>(api.copyDetail, { id }, { silent: true });
/** `close` also closes the copied positions and cancels the copied pending orders. */
export const stopCopying = (id: number, close: boolean) => request<Copy>(api.copyStop, { id, close });

/** Whether a real account shares its trades on the leaderboard (a demo account is refused). */
export const fetchOptIn = () => request<OptInState>(api.followOptInState);
export const setOptIn = (on: boolean) => request<OptInState>(api.followOptIn, { on });

export type { Copy, CopyDetail, CopyEvent, Provider };
