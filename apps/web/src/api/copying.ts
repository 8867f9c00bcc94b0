import {
  api,
  type Copy,
  type CopyDetail,
  type CopyEvent,
  type CopyStart,
  type Provider,
} from '@meridian/contract';
import { request } from './http';

/** A provider's page; signed in, it also says whether the caller copies them. Refusals are shown on the page. */
export const fetchProvider = (id: number) => request(api.copyProvider, { id }, { silent: true });
export const startCopying = (form: CopyStart) => request(api.copyStart, { ...form });
export const fetchCopies = () => request(api.copyList);
export const fetchCopy = (id: number) => request(api.copyDetail, { id }, { silent: true });
/** `close` also closes the copied positions and cancels the copied pending orders. */
export const stopCopying = (id: number, close: boolean) => request(api.copyStop, { id, close });

/** Whether a real account shares its trades on the leaderboard (a demo account is refused). */
export const fetchOptIn = () => request(api.followOptInState);
export const setOptIn = (on: boolean) => request(api.followOptIn, { on });

export type { Copy, CopyDetail, CopyEvent, Provider };
