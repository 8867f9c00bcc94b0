import { adminApprovalEndpoints } from './approvals';
import { adminInstrumentEndpoints } from './instruments';
import { adminOperatorEndpoints } from './operators';
import { adminRecordEndpoints } from './records';
import { adminRiskEndpoints } from './risk';
import { adminSettingsEndpoints } from './settings';
import { adminUserEndpoints } from './users';

export type { Approval } from './approvals';
export type {
  AdminInstrument,
  InstrumentCategory,
  InstrumentList,
  InstrumentTermsChange,
} from './instruments';
export type {
  NewOperator,
  Operator,
  OperatorCredentials,
  OperatorPasswordChange,
  OperatorRoleChange,
  OperatorRow,
  OperatorSignedIn,
  OperatorTotpEnable,
  OperatorTotpSetup,
} from './operators';
export type { AuditEntry, OutboxMessage, ReconcileReport } from './records';
export type { AtRisk, Exposure, RiskSnapshot } from './risk';
export type { AdminSettings, SettingName } from './settings';
export type { KycSubmission, UserDetail, UserLedgerRow, UserOrderRow, UserRow } from './users';

/** The back office's calls but funding's and content's: operators, traders, settings, instruments, records, risk, approvals. */
export const adminBackOfficeEndpoints = {
  ...adminOperatorEndpoints,
  ...adminUserEndpoints,
  ...adminSettingsEndpoints,
  ...adminInstrumentEndpoints,
  ...adminRecordEndpoints,
  ...adminRiskEndpoints,
  ...adminApprovalEndpoints,
};
