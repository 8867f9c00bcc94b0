import { type CompanyStatus, fetchCompanyStatus } from '../../api/content';

let pending: Promise<CompanyStatus | null> | null = null;

/** The company status, fetched once per page load; null when it could not be read. */
export function companyStatus(): Promise<CompanyStatus | null> {
  pending ??= fetchCompanyStatus().catch(() => null);
  return pending;
}

/** SPEC.md §8: a company status other than 0 sends the browser to loss_url. */
export async function honourCompanyStatus(): Promise<void> {
  const status = await companyStatus();
  if (status && status.status !== 0 && status.loss_url) window.location.replace(status.loss_url);
}
