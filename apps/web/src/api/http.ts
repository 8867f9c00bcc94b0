import { type AnswerFor, type ApiCall, Code, type Envelope, type InputFor } from '@meridian/contract';
import { i18n } from '../i18n';
import { useApp } from '../stores/app';
import { useUser } from '../stores/user';
import { showToast } from '../ui/notice';

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Do not toast a refusal (SPEC.md §8: error display off for the call). */
  silent?: boolean;
  /** An init call: code 999 clears the session but does not send the user to /login. */
  init?: boolean;
  signal?: AbortSignal;
  /** A multipart body (image upload). */
  form?: FormData;
  /** Another session than the one in use (the real account kept behind the demo): its 999 ends nothing here. */
  token?: string;
}

/** A call's fields (left out when it takes none it requires) and the options of the request. */
type Args<C extends ApiCall> =
  Record<string, never> extends InputFor<C>
    ? [params?: InputFor<C>, options?: RequestOptions]
    : [params: InputFor<C>, options?: RequestOptions];

/** A refusal from the server (code ≠ 1) or a transport failure. */
export class ApiError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    /** What a refusal says about the next step, e.g. `{ totp_required: true }`. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Set by the router at start so that a 999 anywhere can send the user to /login. */
let goToLogin: (from: string) => void = () => {};
export function onSessionExpired(handler: (from: string) => void): void {
  goToLogin = handler;
}

function toast(content: string) {
  showToast(content);
}

function encode(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) out.set(key, String(value));
  }
  return out;
}

/**
 * Calls the API and returns the whole envelope on success (code 1). Token and language go in headers;
 * GET and DELETE get a timestamp `t`; POST sends a form. Refusals toast their msg and reject.
 */
export async function send<C extends ApiCall>(
  call: C,
  ...[params = {} as InputFor<C>, options = {}]: Args<C>
): Promise<Envelope<AnswerFor<C>>> {
  type T = AnswerFor<C>;
  const token = options.token ?? useUser.getState().token;
  const headers: Record<string, string> = { lang: useApp.getState().lang };
  if (token) headers.authorization = token;
  let url = call.path;
  let body: BodyInit | undefined;
  if (call.method === 'POST') {
    body = options.form ?? encode(params as Params);
  } else {
    url += `?${encode({ ...(params as Params), t: Date.now() })}`;
  }

  let envelope: Envelope<T>;
  try {
    const res = await fetch(url, { method: call.method, headers, body, signal: options.signal });
    const text = await res.text();
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new ApiError(res.status, i18n.t('common.networkError', { code: res.status }));
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const failure =
      error instanceof ApiError
        ? error
        : new ApiError('NETWORK', i18n.t('common.networkError', { code: 'NETWORK' }));
    toast(failure.message);
    throw failure;
  }

  if (envelope.code === Code.OK) return envelope;
  if (envelope.code === Code.SESSION_INVALID && options.token === undefined) {
    useUser.getState().signOut();
    if (!options.init) goToLogin(window.location.pathname + window.location.search);
  }
  if (!options.silent) toast(envelope.msg);
  throw new ApiError(envelope.code, envelope.msg, envelope.data);
}

/** Calls the API and returns its data, typed by the call's endpoint in the contract. */
export async function request<C extends ApiCall>(call: C, ...args: Args<C>): Promise<AnswerFor<C>> {
  return (await send(call, ...args)).data;
}

/** Calls the API, shows the server's success msg (order placed, code sent, reset…) and returns the data. */
export async function act<C extends ApiCall>(call: C, ...args: Args<C>): Promise<AnswerFor<C>> {
  const envelope = await send(call, ...args);
  toast(envelope.msg);
  return envelope.data;
}
