import { Code } from '@meridian/contract';
import type { MessageKey, MessageParams } from '../i18n';

/** A refusal the client is meant to see: an envelope code and a message key translated by the `lang` header. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly httpStatus = 200,
    /** What the client needs to take the next step (e.g. `{ totp_required: true }`); null by default. */
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const refuse = (key: MessageKey, params?: MessageParams) => new AppError(Code.REFUSED, key, params);
export const invalidInput = (field: string) => new AppError(Code.INVALID_INPUT, 'invalid_input', { field });
export const sessionInvalid = () => new AppError(Code.SESSION_INVALID, 'session_invalid');
