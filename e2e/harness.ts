import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ALWAYS_OPEN, platformQuote, pointsText } from '@meridian/core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { scratchDir } from '../apps/server/test/scratch';
import { type ScriptedFeed, type ScriptedQuotes, startScriptedFeed } from '../apps/server/test/scripted-feed';
import { CHROMIUM, freePort } from './local';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (its JSON log lines). */
  output(): string;
  /** Ends the process at once, as a crash would (kill -9). */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** The built server (`npm run build`) on a free port with an empty embedded database of its own. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // In memory where the machine has it: copying the empty database there took 0.2 s, not 0.7 s, of a start.
  const dataDir = mkdtempSync(path.join(scratchDir(), 'meridian-e2e-'));
  // V8's baseline compiler only for the embedded database's WebAssembly: tiering PostgreSQL's hot functions up
  // took 2.5 s of a first start's 6.6 s of CPU (on other threads), for a server that lives a minute; the code
  // and its results are the same.
  const args = ['--liftoff-only', path.join(ROOT, 'apps/server/dist/main.js')];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Debug level: the outbox's full log line (codes unmasked) is how a test reads the code a user was sent.
      LOG_LEVEL: 'debug',
      // An answer that disagrees with its endpoint's schema fails the call, and so the test.
      CHECK_ANSWERS: 'true',
      // The password hash's lowest allowed cost, as in the other suites: at the default (2^17, about 0.3 s of
      // CPU a hash) the suite's sign-ups and sign-ins cost more CPU than some of its files.
      PASSWORD_LOG_N: '14',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    // Answering is not enough: the line naming the back office (and, on a first start, its one-time password)
    // is written just after the port opens, and a test may read it at once.
    try {
      const res = await fetch(`${url}/api/basicSet/getBasicInfo`);
      if (res.ok && output.includes('Back office')) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    dataDir,
    output: () => output,
    async crash() {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server priced by a scripted feed, and a browser: what a file of price-driven scenes starts once. */
export interface ScriptedMarket {
  feed: ScriptedFeed;
  server: RunningServer;
  browser: Browser;
}

/** Starts the feed at `prices`, a server on it (with `env`) once it subscribed, and a browser. */
export async function openScriptedMarket(
  prices: Record<string, string>,
  env: Record<string, string> = {},
  quotes: ScriptedQuotes = {},
): Promise<ScriptedMarket> {
  const feed = await startScriptedFeed(prices, quotes);
  const server = await startServer({ FEED: 'external', FEED_URL: feed.url, ...env });
  await feed.subscribed();
  await tradeAroundTheClock(server, feed, prices);
  return { feed, server, browser: await sharedBrowser() };
}

/**
 * Has the operator open the scripted instruments at every hour (their instrument terms), so a scene plays the
 * same on a Saturday: forex closes from Friday 22:00 to Sunday 22:00 UTC, and a closed market takes no tick
 * and no order. Then waits until each quotes its scripted price.
 */
async function tradeAroundTheClock(
  server: RunningServer,
  feed: ScriptedFeed,
  prices: Record<string, string>,
) {
  const token = await operatorSession(server);
  const { rows } = await traderApi(server, '/admin/api/instruments', { token });
  const closing = (rows as { id: number; code: string; sessions: unknown; holidays: string[] }[]).filter(
    (i) =>
      i.code in prices &&
      (JSON.stringify(i.sessions) !== JSON.stringify(ALWAYS_OPEN) || i.holidays.length > 0),
  );
  if (closing.length === 0) return;
  for (const { id } of closing)
    await traderApi(server, '/admin/api/instruments/edit', {
      token,
      json: { id, sessions: ALWAYS_OPEN, holidays: [] },
    });
  await pricedAt({ server, feed }, prices);
}

/**
 * The feed ticks each of `prices` (code → price), and the server quotes them: where a price-driven test
 * starts, so that its retry starts where its first try did, whatever price that try left.
 */
export async function pricedAt(
  { server, feed }: Pick<ScriptedMarket, 'server' | 'feed'>,
  prices: Record<string, string>,
): Promise<void> {
  for (const [code, price] of Object.entries(prices)) feed.move(code, price);
  await quotedAt(server, prices, feed.sendsBids);
}

/**
 * The bid (the quote's Close, what the screens show) a provider's single `price` of `code` is quoted at: the
 * instrument's spread around it, the bid rounded down (TRADING.md "Prices"; no markup in these scenes).
 */
export function bidOf(price: string, spreadRate: string): string {
  const precision = price.split('.')[1]?.length ?? 0;
  const points = platformQuote({ price }, { spreadRate, markup: '0', pricePrecision: precision })!.bid;
  return pointsText(points, precision);
}

/** Waits until the server's instrument list quotes each of `prices` (code → the provider's price, or its bid). */
export async function quotedAt(
  server: RunningServer,
  prices: Record<string, string>,
  asBids = false,
): Promise<void> {
  const quoted = async () => {
    const list: { Code: string; SpreadRate: string; ForexQuotations: { Close: string } }[] = await traderApi(
      server,
      '/v1/api/forex/trade_list',
    );
    return Object.entries(prices).every(([code, price]) => {
      const row = list.find((i) => i.Code === code);
      return (
        row !== undefined && row.ForexQuotations.Close === (asBids ? price : bidOf(price, row.SpreadRate))
      );
    });
  };
  for (let deadline = Date.now() + 15_000; !(await quoted()); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > deadline) throw new Error(`no quote at ${JSON.stringify(prices)}`);
}

/** Stops what openScriptedMarket started, whatever part of it did start. */
export async function closeScriptedMarket({ feed, server, browser }: Partial<ScriptedMarket>): Promise<void> {
  await releaseBrowser(browser);
  await server?.stop();
  await feed?.close();
}

let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium, launched by the first file that asks and kept for the next (e2e files share a worker:
 * isolate false): a launch, its first page and its close took 1.4 to 1.7 s a file. Files give back their
 * contexts with `releaseBrowser`; a browser that went away is launched again.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => (shared = undefined)),
      () => (shared = undefined),
    );
  }
  return shared;
}

/** Closes what a file opened in the shared browser: each file starts with none of another's pages. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close();
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone: 390×844, touch, UTC, with page errors, console errors and CSP violations collected. */
export async function phone(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  // Every Content Security Policy violation becomes a console error, so a test that expects no errors fails on one.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('Content Security Policy'))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/** The outbox lines whose code `lastCode` returned, per server: a code is good once. */
const handedOut = new WeakMap<RunningServer, Set<string>>();

/**
 * The newest one-time code the server sent to `recipient` that no earlier call returned, read from its outbox
 * log line once it is written: the line may reach the test after the answer that sent the code, and until
 * then the newest line is an older, used code.
 */
export async function lastCode(server: RunningServer, recipient: string): Promise<string> {
  const returned = handedOut.get(server) ?? new Set<string>();
  handedOut.set(server, returned);
  for (let waited = 0; waited < 10_000; waited += 100) {
    const line = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"outbox"') && l.includes(recipient) && l.includes('"level":20'))
      .at(-1);
    const code = line?.match(/\b(\d{6})\b/)?.[1];
    if (line && code && !returned.has(line)) {
      returned.add(line);
      return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code sent to ${recipient}:\n${server.output().slice(-1500)}`);
}

/**
 * An API call as the web app (or the back office) makes it (GET with a query, POST with a form, multipart or
 * JSON body): its data
 * (each call's own shape, read by the test that makes it), or a throw with its msg.
 */
export async function traderApi(
  server: RunningServer,
  call: string,
  init: {
    token?: string;
    query?: Record<string, string>;
    form?: Record<string, string>;
    body?: FormData;
    json?: object;
  } = {},
): Promise<any> {
  const url = `${server.url}${call}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
  const body =
    init.body ??
    (init.form ? new URLSearchParams(init.form) : init.json ? JSON.stringify(init.json) : undefined);
  const headers: Record<string, string> = { lang: 'en' };
  if (init.json) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = init.token;
  const res = await fetch(url, { method: body ? 'POST' : 'GET', headers, body });
  const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
  if (envelope.code !== 1) throw new Error(`${call}: ${envelope.msg}`);
  return envelope.data;
}

/** A real account registered by e-mail code through the API, as the sign-up screen does it; returns a signed-in token. */
export async function registerTrader(
  server: RunningServer,
  email: string,
  password: string,
): Promise<string> {
  await traderApi(server, '/api/notify/send_email', { form: { to: email, type: '1' } });
  const code = await lastCode(server, email);
  await traderApi(server, '/api/user/register', {
    form: { type: 'email', account: email, password, re_password: password, sms_code: code },
  });
  const session = await traderApi(server, '/api/user/loginForU', {
    form: { account: email, password, login_type: 'email' },
  });
  return session.token;
}

/** Signs in on the login screen, as a person does, and waits for home. */
export async function signInOnScreen(page: Page, server: RunningServer, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.locator('input[name="account"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/**
 * Opens `url` in the app already loaded in `page` as its own links do (React Router follows history's
 * popstate), and waits until that route's screen has replaced the one shown. A `page.goto` loads the app, its
 * styles and fonts again: about 0.16 s of Chromium's CPU a screen in one context, against 0.05 s this way.
 * The same path with another query is the same mounted screen, so that one is loaded.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const to = new URL(url);
  const here = new URL(page.url());
  if (to.origin !== here.origin || to.pathname === here.pathname) {
    await page.goto(url);
    return;
  }
  await page.evaluate((path) => {
    document.querySelector('.app__main > *')?.setAttribute('data-left', '');
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to.pathname + to.search);
  await page.locator('.app__main > :not([data-left])').first().waitFor();
}

/**
 * The envelope the server answered to the call whose path ends with `path`, as `tap` sends it: a tap that
 * sent none within 15 s fails saying so, and one whose call got no answer says that, where waiting on the
 * screen alone would only time out.
 */
export async function answerTo(
  page: Page,
  path: string,
  tap: () => Promise<unknown>,
): Promise<{ code: number; msg: string }> {
  const matches = (url: string) => new URL(url).pathname.endsWith(path);
  let sent = false;
  const onRequest = (request: { url(): string }) => {
    if (matches(request.url())) sent = true;
  };
  page.on('request', onRequest);
  try {
    const [response] = await Promise.all([
      page.waitForResponse((r) => matches(r.url()), { timeout: 15_000 }).catch(() => null),
      tap(),
    ]);
    if (!response)
      throw new Error(sent ? `the ${path} call got no answer in 15 s` : `the tap sent no ${path} call`);
    return response.json();
  } finally {
    page.off('request', onRequest);
  }
}

/** A price as an English screen shows it: grouped (96000.00 → 96,000.00), at the decimals it was written with. */
export function shownPrice(price: string): string {
  const places = price.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat('en', { minimumFractionDigits: places, maximumFractionDigits: places }).format(
    price as Intl.StringNumericLiteral,
  );
}

/** A demo account, as "Try a demo account" gives it, on /trade with instrument `name` once its price (the bid) reads `bid`. */
export async function demoOnTrade(page: Page, server: RunningServer, name: string, bid: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Try a demo account' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.locator('.quote-row', { hasText: name }).first().click();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page
    .locator('.trade__price', { hasText: new RegExp(`^${shownPrice(bid).replace(/[.,]/g, '\\$&')}$`) })
    .waitFor({ timeout: 15_000 });
}

/**
 * Confirms, in the confirmation sheet, the order a tap on Buy or Sell opened: market and pending orders are
 * confirmed first unless the trader turned on one-tap trading (issue 22).
 */
export async function confirmOrder(page: Page) {
  await page.locator('.confirm-order').getByRole('button', { name: 'Confirm' }).click();
}

/** A real 1×1 PNG, as a phone's camera roll would offer a (much larger) one. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Deposits `amount` by coin with a proof and has the seeded operator approve it through /admin/api. */
export async function depositApproved(server: RunningServer, token: string, amount: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const { url } = await traderApi(server, '/api/common/image_upload', { token, body: form });
  const info = await traderApi(server, '/api/quickCharge/info', { token });
  const channel = info.coin[0];
  const query = new URLSearchParams({
    number: amount,
    proofImg: url,
    address: channel.address,
    charge_id: String(channel.id),
  });
  const { id } = await traderApi(server, `/api/quickCharge/submit?${query}`, { token });
  const operator = await operatorSession(server);
  await traderApi(server, '/admin/api/deposits/approve', { token: operator, form: { id: String(id) } });
}

/** The first operator's e-mail, and the password the harness gives it at its first sign-in. */
export const OPERATOR_EMAIL = 'admin@meridian.local';
export const OPERATOR_PASSWORD = 'e2e-operator-password';

/** The password a first start made up and printed once (embedded mode). */
export function printedOperatorPassword(server: RunningServer): string {
  const found = new RegExp(`${OPERATOR_EMAIL} / (\\S+)`).exec(server.output());
  if (!found) throw new Error(`no operator password printed:\n${server.output().slice(0, 2000)}`);
  return found[1]!;
}

const operatorSessions = new WeakMap<RunningServer, Promise<string>>();

/**
 * A back-office token of the first operator: at the server's first use, signs in with the printed password
 * and sets OPERATOR_PASSWORD, as a first sign-in must; then signs in with it.
 */
export function operatorSession(server: RunningServer): Promise<string> {
  let session = operatorSessions.get(server);
  if (!session) {
    session = (async () => {
      const first = printedOperatorPassword(server);
      const { token } = await traderApi(server, '/admin/api/login', {
        form: { email: OPERATOR_EMAIL, password: first },
      });
      await fetch(`${server.url}/admin/api/password`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ current_password: first, new_password: OPERATOR_PASSWORD }),
      });
      return token as string;
    })();
    operatorSessions.set(server, session);
  }
  return session;
}

/** The second operator's e-mail and password (an admin: it approves what the first one files). */
const SECOND_OPERATOR_EMAIL = 'second.admin@meridian.local';
const SECOND_OPERATOR_PASSWORD = 'e2e-second-operator-password';

const secondSessions = new WeakMap<RunningServer, Promise<string>>();

/**
 * A back-office token of a second admin, made by the first operator at the server's first use of it: the
 * platform's first operator adds the second at once, every later operator waits for a second operator's
 * approval. So a file that needs it asks for it before it creates any other operator.
 */
export function secondOperatorSession(server: RunningServer): Promise<string> {
  let session = secondSessions.get(server);
  if (!session) {
    session = (async () => {
      const first = 'e2e-second-first-password';
      await traderApi(server, '/admin/api/operators/create', {
        token: await operatorSession(server),
        form: { email: SECOND_OPERATOR_EMAIL, password: first, role: 'admin' },
      });
      const { token } = await traderApi(server, '/admin/api/login', {
        form: { email: SECOND_OPERATOR_EMAIL, password: first },
      });
      await traderApi(server, '/admin/api/password', {
        token,
        form: { current_password: first, new_password: SECOND_OPERATOR_PASSWORD },
      });
      return token as string;
    })();
    secondSessions.set(server, session);
  }
  return session;
}

/** Has the second operator approve the waiting request of `kind` that `matches`; returns what it gave. */
export async function approvedBySecond(
  server: RunningServer,
  kind: string,
  matches: (payload: Record<string, unknown>) => boolean,
): Promise<unknown> {
  const token = await secondOperatorSession(server);
  const { rows } = await traderApi(server, '/admin/api/approvals', { token, query: { status: '0' } });
  const request = rows.find(
    (r: { kind: string; payload: Record<string, unknown> }) => r.kind === kind && matches(r.payload),
  );
  if (!request) throw new Error(`no waiting ${kind} request matches`);
  const approved = await traderApi(server, '/admin/api/approvals/approve', {
    token,
    form: { id: String(request.id) },
  });
  return approved.outcome;
}
