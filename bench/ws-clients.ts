/**
 * Child process of ws-fanout, ws-20k and memory: many websocket clients on one connection each, driven over
 * IPC. Client i subscribes to topics[i % topics.length] (none for an empty list) and counts the DAY_MARKET
 * messages it receives. Messages: parent → {type:'expect', total} (answers {type:'reached', stalled, at}
 * once that many DAY_MARKET messages arrived in all since the last report, or with stalled: true once none
 * has arrived for STALL_MS while fewer have: the server dropped some, for a client behind, or closed a
 * client; `at` is when the last one counted arrived), {type:'report'} (answers {type:'report', received,
 * latencies, closed} and resets the counts), {type:'close'}; child → {type:'ready'} once every client is
 * connected and subscribed. A client refused or closed before it is ready is tried again, up to TRIES
 * times (a burst of handshakes can overflow the server's accept queue), then ends the child with an error.
 */
import WebSocket from 'ws';

const input = JSON.parse(process.argv[2]!) as { url: string; count: number; topics: string[][] };
/** Every SAMPLE-th client reads the publish time out of each message for the latency percentiles. */
const SAMPLE = 25;
/** A wait with no message for this long ends as stalled: the messages still missing are not coming. */
const STALL_MS = 3000;
/** Attempts to connect and subscribe one client. */
const TRIES = 5;
const sockets: WebSocket[] = [];
const latencies: number[] = [];
let received = 0;
/** When the last message counted arrived (ms since the epoch). */
let lastAt = 0;
/** Clients the server closed after they were ready. */
let closed = 0;
let waiting: { total: number; timer: ReturnType<typeof setTimeout> } | null = null;

function answer(stalled: boolean): void {
  if (!waiting) return;
  clearTimeout(waiting.timer);
  waiting = null;
  process.send!({ type: 'reached', stalled, at: lastAt });
}

/** (Re)arms the stall timer of the current wait: called at each message counted. */
function watch(total: number): void {
  if (waiting) clearTimeout(waiting.timer);
  waiting = { total, timer: setTimeout(() => answer(true), STALL_MS) };
}
const TIME = /"time":(\d+)/;
const MARK = Buffer.from('"DAY_MARKET"');

/** Counted on the bytes: the clients must cost as little as they can, the servers are what is measured. */
function onData(sampled: boolean, data: Buffer): void {
  if (data.indexOf(MARK) < 0) return;
  received++;
  lastAt = Date.now();
  if (sampled) {
    const m = TIME.exec(data.toString());
    if (m) latencies.push(Date.now() - Number(m[1]));
  }
  if (!waiting) return;
  if (received >= waiting.total) answer(false);
  else watch(waiting.total);
}

function connect(i: number): Promise<WebSocket> {
  const topics = input.topics[i % input.topics.length] ?? [];
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(input.url, { perMessageDeflate: false, skipUTF8Validation: true });
    const sampled = i % SAMPLE === 0;
    let pending = topics.length;
    let ready = false;
    ws.on('error', (err) => {
      if (ready) return;
      ws.terminate();
      reject(err);
    });
    // The server refusing a connection (a per-address ceiling, say) must fail the run, not hang it.
    ws.on('close', (code, reason) => {
      if (ready) closed++;
      else reject(new Error(`client ${i} closed: ${code} ${reason}`));
    });
    const done = () => {
      ready = true;
      resolve(ws);
    };
    ws.on('open', () => {
      if (pending === 0) return done();
      for (const topic of topics) ws.send(JSON.stringify({ type: 'sub', params: topic }));
    });
    ws.on('message', (data: Buffer) => {
      if (ready) return onData(sampled, data);
      if (!data.toString().startsWith('{"type":"sub"')) return;
      if (--pending === 0) done();
    });
  });
}

async function connectWithRetries(i: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      sockets.push(await connect(i));
      return;
    } catch (err) {
      if (attempt >= TRIES) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

for (let i = 0; i < input.count; i += 250) {
  await Promise.all(
    Array.from({ length: Math.min(250, input.count - i) }, (_, k) => connectWithRetries(i + k)),
  );
}
// The server closes a connection silent for 30 s.
const ping = setInterval(() => {
  for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('ping');
}, 10_000);
process.send!({ type: 'ready' });

process.on('message', (m: { type: string; total?: number }) => {
  if (m.type === 'expect') {
    watch(m.total!);
    if (received >= m.total!) answer(false);
  } else if (m.type === 'report') {
    process.send!({ type: 'report', received, latencies, closed });
    latencies.length = 0;
    received = 0;
  } else if (m.type === 'close') {
    clearInterval(ping);
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
