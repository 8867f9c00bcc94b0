import { MethodList } from './MethodList';

/** SPEC.md §2 /mine/bank-card-list. */
export default function BankCardListPage() {
  return <MethodList type={2} />;
}
