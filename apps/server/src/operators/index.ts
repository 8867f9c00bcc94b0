/** The operators area's face: all that other areas and the composition root use of it. */

export type { AuditEntry } from './audit';
export { audit } from './audit';
export type { Page, PageInput } from './inputs';
export { offsetOf } from './inputs';
export type { RequestKind } from './requests';
export { aboveFourEyes, fileRequest, lockOperator, RequestStatus, shownPayload } from './requests';
export type { Review } from './review';
export { review } from './review';
export { auditLog, operatorLoginAttempts, operatorRequests, operators, totpEnrolments } from './schema';
export type { Operator, Role } from './session';
export {
  adminDownload,
  adminRoute,
  createOperatorSession,
  operatorForToken,
  operatorTotpRequired,
  pendingStep,
  requireOperatorTotp,
  revokeOperatorSession,
  revokeOperatorSessions,
  useOperatorTotp,
} from './session';
