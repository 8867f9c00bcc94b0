/**
 * Child process of ws-20k: the bare `ws` baseline of one node. A plain WebSocketServer that keeps its
 * clients' subscriptions (`{"type":"sub","params":topic}`, answered as the platform answers) and, told
 * {type:'publish', topic, text} over IPC, sends the text to each subscriber of the topic, one `send` per
 * client. Child → {type:'listening', port} once it accepts connections.
 */
import { type WebSocket, WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
const byTopic = new Map<string, Set<WebSocket>>();

wss.on('connection', (ws) => {
  const topics: string[] = [];
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    if (!text.startsWith('{')) return; // the clients' keep-alive pings
    const { type, params } = JSON.parse(text) as { type: string; params: string };
    if (type !== 'sub') return;
    topics.push(params);
    const subscribers = byTopic.get(params) ?? new Set();
    byTopic.set(params, subscribers.add(ws));
    ws.send(JSON.stringify({ type: 'sub', code: 0, params }));
  });
  ws.on('close', () => {
    for (const topic of topics) byTopic.get(topic)?.delete(ws);
  });
});

wss.on('listening', () => {
  process.send!({ type: 'listening', port: (wss.address() as { port: number }).port });
});

process.on('message', (m: { type: string; topic?: string; text?: string }) => {
  if (m.type === 'publish') {
    for (const ws of byTopic.get(m.topic!) ?? []) ws.send(m.text!);
  } else if (m.type === 'close') {
    for (const ws of wss.clients) ws.terminate();
    wss.close(() => process.exit(0));
  }
});
