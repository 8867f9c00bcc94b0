import { api, type BasicInfo } from '@meridian/contract';
import { create } from 'zustand';
import { request } from '../api/http';

export type { BasicInfo };

interface BasicInfoState {
  info: BasicInfo | null;
  load(): Promise<BasicInfo>;
}

let loading: Promise<BasicInfo> | null = null;

/** Platform settings every screen may need, fetched once per page load. */
export const useBasicInfo = create<BasicInfoState>()((set, get) => ({
  info: null,
  load() {
    const { info } = get();
    if (info) return Promise.resolve(info);
    loading ??= request(api.basicInfo, {}, { silent: true }).then(
      (result) => {
        set({ info: result });
        return result;
      },
      (error) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  },
}));
