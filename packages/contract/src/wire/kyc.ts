import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint } from '../endpoint';
import { uploadUrl } from './fields';

/**
 * SPEC.md §4 review_status as the trader sees it: 0 not submitted (or rejected: then with the reason),
 * 1 waiting, 2 certified.
 */
export const reviewStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const verificationCenter = z.object({
  review_status: reviewStatus,
  /** The name submitted, '' before any submission. */
  name: z.string(),
  /** The ID number submitted, masked but for its ends (AB******89); '' before any submission. */
  card_id: z.string(),
  /** Why the last submission was rejected; '' otherwise. */
  reason: z.string(),
});
export type VerificationCenter = z.infer<typeof verificationCenter>;

export const verificationInput = z.object({
  name: z.string().trim().min(1).max(100),
  card_id: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/),
  /** Urls image_upload returned for the caller's own pictures. */
  front_pic: uploadUrl,
  reverse_pic: uploadUrl,
});
export type VerificationForm = z.input<typeof verificationInput>;

export const kycEndpoints = {
  realNameCenter: endpoint(api.realNameCenter, {
    summary:
      "The caller's real-name verification: its review status, name, masked ID number and any rejection",
    input: z.object({}),
    answer: verificationCenter,
  }),
  realName: endpoint(api.realName, {
    summary: 'Submits name, ID number and both ID pictures for review (when none is waiting or certified)',
    input: verificationInput,
    /** Always 1: waiting. */
    answer: z.object({ review_status: z.literal(1) }),
    /** A picture not the caller's own upload, or a submission already waiting or certified. */
    errors: [Code.REFUSED],
  }),
};
