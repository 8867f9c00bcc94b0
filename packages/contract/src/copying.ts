/** Copy trading's constants, apart from the wire schemas so that a client can use them without zod. */

/** 1 copying, 2 stopped. */
export const CopyStatus = { active: 1, stopped: 2 } as const;
/** account_disabled: an operator disabled the follower's account. */
export const COPY_STOP_REASONS = ['user', 'loss_limit', 'provider_left', 'account_disabled'] as const;
export type CopyStopReason = (typeof COPY_STOP_REASONS)[number];

/** reduce: the provider closed part of a position, and the copy the same share. */
export const COPY_ACTIONS = ['open', 'pending', 'stops', 'reduce', 'close', 'cancel'] as const;
export type CopyAction = (typeof COPY_ACTIONS)[number];
