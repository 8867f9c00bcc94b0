/** Order statuses on the wire and in the database (TRADING.md "Order lifecycle"); the orders screen's tabs are 1, 0 and 3. */
export const OrderStatus = { pending: 0, holding: 1, closed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
