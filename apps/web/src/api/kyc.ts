import {
  type AnswerOf,
  api,
  type endpoints,
  type VerificationCenter,
  type VerificationForm,
} from '@meridian/contract';
import { act, request } from './http';

export const fetchVerification = () => request<VerificationCenter>(api.realNameCenter);
export const submitVerification = (form: VerificationForm) =>
  act<AnswerOf<typeof endpoints.realName>>(api.realName, form);

export type { VerificationCenter };
