import { MethodList } from './MethodList';

/** SPEC.md §2 /mine/coin-address-list. */
export default function CoinAddressListPage() {
  return <MethodList type={1} />;
}
