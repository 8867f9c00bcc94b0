import { describe, expectTypeOf, it } from 'vitest';
import type { Received, SentTo } from './client';
import type { adminEndpoints } from './wire/admin';
import type { UserDetail } from './wire/admin/users';

type Admin = typeof adminEndpoints;

// Checked by the compiler (`npm run check`): each line below that says @ts-expect-error must not compile.
describe('a back-office call, typed by its endpoint', () => {
  it('answers what the endpoint answers', () => {
    expectTypeOf<Received<Admin['userDetail']>>().toEqualTypeOf<UserDetail>();
    expectTypeOf<Admin['userDetail']['path']>().toEqualTypeOf<'/admin/api/users/detail'>();
  });

  it('takes the endpoint’s fields, and refuses to compile a wrong, missing or mistyped one', () => {
    const adjust: SentTo<Admin['adjustBalance']> = { id: 7, amount: '10.00', reason: 'goodwill' };
    // @ts-expect-error an adjustment names its account
    const missing: SentTo<Admin['adjustBalance']> = { amount: '10.00', reason: 'goodwill' };
    // @ts-expect-error `ammount` is not a field of an adjustment
    const misspelt: SentTo<Admin['adjustBalance']> = { id: 7, ammount: '10.00', reason: 'goodwill' };
    expectTypeOf([adjust, missing, misspelt]).toBeArray();
  });
});
