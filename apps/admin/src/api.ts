import { type AdminEndpoint, Code, type Envelope, type Received, type SentTo } from '@meridian/contract';
import { message } from 'antd';
import { i18n } from './i18n';

export type Input = Record<string, unknown>;

/** A refusal (code ≠ 1) or a transport failure; its msg was already shown unless the call was quiet. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

const TOKEN_KEY = 'meridian.admin.token';
export const token = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (value: string) => localStorage.setItem(TOKEN_KEY, value),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** Set by the session so that a 999 anywhere returns to the sign-in screen. */
let sessionEnded = () => {};
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

function query(input: Input): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...input, t: Date.now() })) {
    if (value !== undefined && value !== null && String(value) !== '') out.set(key, String(value));
  }
  return out.toString();
}

/** A back-office call of the contract: its method and path, and what it takes and answers. */
export type Call = Pick<AdminEndpoint, 'method' | 'path' | 'input' | 'answer'>;

/** A call's fields (left out when it requires none), then what else the function takes. */
type Args<E extends Call, More> =
  Record<string, never> extends SentTo<E>
    ? [input?: SentTo<E>, more?: More]
    : [input: SentTo<E>, more?: More];

/** Calls /admin/api: token and language in headers, GET input in the query, POST input as JSON; typed by the call. */
export async function call<E extends Call>(
  endpoint: E,
  ...[input = {} as SentTo<E>, quiet = false]: Args<E, boolean>
): Promise<Received<E>> {
  const headers: Record<string, string> = { lang: i18n.language };
  const saved = token.get();
  if (saved) headers.authorization = saved;
  let envelope: Envelope<Received<E>>;
  try {
    const res =
      endpoint.method === 'GET'
        ? await fetch(`${endpoint.path}?${query(input as Input)}`, { headers })
        : await fetch(endpoint.path, {
            method: endpoint.method,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
    envelope = (await res.json()) as Envelope<Received<E>>;
  } catch {
    const failure = new ApiError(-1, i18n.t('common.networkError'));
    if (!quiet) message.error(failure.message);
    throw failure;
  }
  if (envelope.code === Code.OK) return envelope.data;
  if (envelope.code === Code.SESSION_INVALID) {
    token.clear();
    sessionEnded();
  } else if (!quiet) {
    message.error(envelope.msg);
  }
  throw new ApiError(envelope.code, envelope.msg, envelope.data);
}

/**
 * Follows a server-sent-events call of /admin/api (`Accept: text/event-stream`, the token in the header,
 * so a fetch stream rather than EventSource): `onData` gets each event's data, `onLive` whether the stream
 * is up. A dropped stream reconnects after two seconds; a refusal stops (999 returns to sign-in).
 * Returns the stop.
 */
export function follow<E extends Call>(
  endpoint: E,
  onData: (data: Received<E>) => void,
  onLive: (live: boolean) => void,
): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    controller = new AbortController();
    const headers: Record<string, string> = { lang: i18n.language, accept: 'text/event-stream' };
    const saved = token.get();
    if (saved) headers.authorization = saved;
    try {
      const res = await fetch(endpoint.path, { headers, signal: controller.signal });
      if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        const envelope = (await res.json()) as Envelope<unknown>;
        stopped = true;
        if (envelope.code === Code.SESSION_INVALID) {
          token.clear();
          sessionEnded();
        }
      } else if (res.body) {
        onLive(true);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const data = buffer
              .slice(0, cut)
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            buffer = buffer.slice(cut + 2);
            if (data) onData(JSON.parse(data) as Received<E>);
            cut = buffer.indexOf('\n\n');
          }
        }
      }
    } catch {
      // Dropped (network, server restart) or stopped: the retry below decides.
    }
    onLive(false);
    if (!stopped) retry = setTimeout(connect, 2000);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    controller?.abort();
  };
}

/**
 * A change: POSTs it and confirms it with a short message, "saved", or, when the answer is a request filed
 * for a second operator (four eyes), that it waits for approval (`filed` says why it does).
 */
export async function act<E extends Call>(
  endpoint: E,
  ...[input = {} as SentTo<E>, filed = 'approvals.filed']: Args<E, string>
): Promise<Received<E>> {
  const data = await call(endpoint, input);
  if ((data as { request_id?: number } | null)?.request_id) message.warning(i18n.t(filed));
  else message.success(i18n.t('common.saved'));
  return data;
}

/** True when the signed-in operator's role was refused this call (the screen then hides it). */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.code === Code.FORBIDDEN;

/**
 * Downloads a CSV export of /admin/api (`{path}/export` with the list's filters): fetched with the token,
 * saved from a blob under the server's dated filename; a refusal is shown like any other.
 */
export async function download<E extends Call>(endpoint: E, input: SentTo<E>): Promise<void> {
  const headers: Record<string, string> = { lang: i18n.language };
  const saved = token.get();
  if (saved) headers.authorization = saved;
  let file: { res: Response; blob: Blob } | { envelope: Envelope<unknown> };
  try {
    const res = await fetch(`${endpoint.path}?${query(input as Input)}`, { headers });
    file = (res.headers.get('content-type') ?? '').startsWith('text/csv')
      ? { res, blob: await res.blob() }
      : { envelope: (await res.json()) as Envelope<unknown> };
  } catch {
    // A file cut off mid-way is no file: said like any transport failure, not saved.
    const failure = new ApiError(-1, i18n.t('common.networkError'));
    message.error(failure.message);
    throw failure;
  }
  if ('envelope' in file) {
    const { envelope } = file;
    if (envelope.code === Code.SESSION_INVALID) {
      token.clear();
      sessionEnded();
    } else message.error(envelope.msg);
    throw new ApiError(envelope.code, envelope.msg, envelope.data);
  }
  const { res, blob } = file;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
