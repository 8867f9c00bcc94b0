/**
 * Child process of ws-fanout and memory: many websocket clients on one connection each, driven over IPC.
 * Messages: parent → {type:'expect', total} (answers {type:'reached'} once that many DAY_MARKET messages
 * arrived in all since the last report), {type:'report'} (answers {type:'report', received, latencies}
 * and resets both), {type:'close'}; child → {type:'ready'} once every client is connected (and
 * subscribed when asked). A client refused or closed before it is ready ends the child with an error.
 */
import WebSocket from 'ws';

const input = JSON.parse(process.argv[2]!) as { url: string; count: number; subscribe: boolean };
/** Every SAMPLE-th client reads the publish time out of each message for the latency percentiles. */
const SAMPLE = 25;
const sockets: WebSocket[] = [];
const latencies: number[] = [];
let received = 0;
let waiting: { total: number } | null = null;
const TIME = /"time":(\d+)/;
const MARK = Buffer.from('"DAY_MARKET"');

/** Counted on the bytes: the clients must cost as little as they can, the servers are what is measured. */
function onData(sampled: boolean, data: Buffer): void {
  if (data.indexOf(MARK) < 0) return;
  received++;
  if (sampled) {
    const m = TIME.exec(data.toString());
    if (m) latencies.push(Date.now() - Number(m[1]));
  }
  if (waiting && received >= waiting.total) {
    waiting = null;
    process.send!({ type: 'reached' });
  }
}

function connect(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(input.url, { perMessageDeflate: false, skipUTF8Validation: true });
    sockets.push(ws);
    const sampled = i % SAMPLE === 0;
    ws.on('error', reject);
    // The server refusing a connection (a per-address ceiling, say) must fail the run, not hang it.
    ws.on('close', (code, reason) => reject(new Error(`client ${i} closed: ${code} ${reason}`)));
    ws.on('open', () => {
      if (!input.subscribe) return resolve();
      ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    });
    let subscribed = !input.subscribe;
    ws.on('message', (data: Buffer) => {
      if (subscribed) return onData(sampled, data);
      if (!data.toString().startsWith('{"type":"sub"')) return;
      subscribed = true;
      resolve();
    });
  });
}

for (let i = 0; i < input.count; i += 250) {
  await Promise.all(Array.from({ length: Math.min(250, input.count - i) }, (_, k) => connect(i + k)));
}
// The server closes a connection silent for 30 s.
const ping = setInterval(() => {
  for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('ping');
}, 10_000);
process.send!({ type: 'ready' });

process.on('message', (m: { type: string; total?: number }) => {
  if (m.type === 'expect') {
    waiting = { total: m.total! };
    if (received >= m.total!) {
      waiting = null;
      process.send!({ type: 'reached' });
    }
  } else if (m.type === 'report') {
    process.send!({ type: 'report', received, latencies });
    latencies.length = 0;
    received = 0;
  } else if (m.type === 'close') {
    clearInterval(ping);
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
