import type { User as TraderUser } from '@meridian/contract';
import type { User } from '../http/sessions';

/** The user object of SPEC.md §3 as clients read it. */
export function userView(user: User): TraderUser {
  return {
    id: user.id,
    uid: user.uid,
    is_demo: user.isDemo ? 1 : 0,
    is_real: user.isReal ? 1 : 0,
    name: user.name ?? '',
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    area_id: user.mobile ? user.areaId : null,
    invite_code: user.inviteCode,
    totp_enabled: user.totpSecret ? 1 : 0,
  };
}
