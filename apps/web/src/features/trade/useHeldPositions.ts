import type { Order } from '@meridian/contract';
import { useAccount, useLiveAccount } from '../../stores/account';

const NONE: Order[] = [];
const reload = () => useAccount.getState().refresh();

/**
 * The signed-in trader's open positions (every instrument), read again when one opens or closes, a pending
 * order fills, or after a change the caller made (`reload`); each at the app's quotes (stores/account.ts).
 */
export function useHeldPositions(): { positions: Order[]; reload: () => Promise<void> } {
  return { positions: useLiveAccount()?.positions ?? NONE, reload };
}
