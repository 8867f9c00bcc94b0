/** The kyc area's face: all that other areas and the composition root use of it. */

export type { ReviewStatus } from './repo';
export { verificationHistory } from './repo';
export { kycRoutes } from './routes';
export { verifications } from './schema';
export { maskCardId } from './service';
