import type { AnswerFor, api, InputFor, Order, OrderPage } from '@meridian/contract';
import { describe, expectTypeOf, it } from 'vitest';

// Checked by the compiler (`npm run check`): each line below that says @ts-expect-error must not compile.
describe('a call of the web app, typed by its endpoint in the contract', () => {
  it('answers what the endpoint answers', () => {
    expectTypeOf<AnswerFor<typeof api.closeOrder>>().toEqualTypeOf<Order>();
    expectTypeOf<AnswerFor<typeof api.myDeal>>().toEqualTypeOf<OrderPage>();
  });

  it('takes the endpoint’s fields, and refuses to compile a wrong, missing or mistyped one', () => {
    const close: InputFor<typeof api.closeOrder> = { id: 7, lots: '0.01' };
    // @ts-expect-error `lot` is not a field of a close
    const misspelt: InputFor<typeof api.closeOrder> = { id: 7, lot: '0.01' };
    // @ts-expect-error a close names its order
    const missing: InputFor<typeof api.closeOrder> = { lots: '0.01' };
    // @ts-expect-error the tab is one of 0, 1 and 3
    const tab: InputFor<typeof api.myDeal> = { status: '2' };
    expectTypeOf([close, misspelt, missing, tab]).toBeArray();
  });
});
