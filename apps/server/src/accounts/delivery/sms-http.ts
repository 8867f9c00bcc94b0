import type { Transport } from './transport';

/**
 * An SMS provider behind a plain HTTPS webhook: `POST url` with `{ to, text }` as JSON and the token as a
 * bearer. Providers' own APIs differ; a small relay (or the provider's webhook gateway) speaks this.
 */
export function smsHttpTransport(url: string, token: string | undefined): Transport {
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
