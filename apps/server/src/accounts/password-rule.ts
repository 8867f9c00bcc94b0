import { refuse } from '../http/errors';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';

/** The new password and its repetition must match and fit the length rule. */
export function assertNewPassword(password: string, repeated: string): void {
  if (password !== repeated) throw refuse('password_mismatch');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw refuse('password_rule', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  }
}
