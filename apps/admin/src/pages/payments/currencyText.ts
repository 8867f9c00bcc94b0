/** A payment currency as listed: its code, and its network where it has one (USDT · TRC20). */
export const currencyText = (code: string, protocol: string | null | undefined) =>
  `${code}${protocol ? ` · ${protocol}` : ''}`;
