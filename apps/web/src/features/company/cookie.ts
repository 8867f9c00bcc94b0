/** SPEC.md §1: the company entered is remembered for 3 years. */
const THREE_YEARS_S = 94_608_000;

export function rememberCompany(id: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `company_id=${id}; path=/; max-age=${THREE_YEARS_S}; SameSite=Lax${secure}`;
}
