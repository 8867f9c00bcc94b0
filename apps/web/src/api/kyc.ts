import { api, type VerificationCenter, type VerificationForm } from '@meridian/contract';
import { act, request } from './http';

export const fetchVerification = () => request(api.realNameCenter);
export const submitVerification = (form: VerificationForm) => act(api.realName, form);

export type { VerificationCenter };
