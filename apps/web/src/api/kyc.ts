import { api } from '@meridian/contract';
import { act, request } from './http';

/** SPEC.md §4 review_status: 0 not submitted (or rejected: then with the reason), 1 waiting, 2 certified. */
export interface VerificationCenter {
  review_status: 0 | 1 | 2;
  name: string;
  card_id: string;
  reason: string;
}

export const fetchVerification = () => request<VerificationCenter>(api.realNameCenter);
export const submitVerification = (form: {
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
}) => act<{ review_status: number }>(api.realName, form);
