/**
 * 128 random bits as 32 hex digits: a demo account's device id (a bearer secret the server checks for
 * randomness) and a client order id. getRandomValues, unlike randomUUID, also works on plain http.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
