/** The ledger area's face: all that other areas and the composition root use of it. */
export { operatorAdjustedInADay, protectionMoves, userLedgerPage } from './entries.repo';
export type { Entry, LedgerType, PostingRow } from './post';
export {
  LEDGER_TYPES,
  lockAccount,
  post,
  postAll,
  postEach,
  postingRows,
  postingSql,
} from './post';
export type { ReconcileReport } from './reconcile';
export { reconcile } from './reconcile';
export { ledgerEntries } from './schema';
