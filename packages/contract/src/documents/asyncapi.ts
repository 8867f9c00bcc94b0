import type { z } from 'zod';
import { clientMessages, serverMessages } from '../wire/ws';
import { WS_PATH, WS_PING_INTERVAL_MS } from '../ws';
import { jsonSchema } from './openapi';

interface Message {
  summary: string;
  schema: z.ZodType;
}

const messageOf = (name: string, { summary, schema }: Message) => ({
  name,
  summary,
  contentType: 'application/json',
  payload: jsonSchema(schema, 'input'),
});

/** The AsyncAPI 3.0 document of the websocket, made from the contract's message schemas. */
export function asyncApiDocument(version: string): Record<string, unknown> {
  const client = Object.entries(clientMessages as Record<string, Message>);
  const server = Object.entries(serverMessages as Record<string, Message>);
  const messages = Object.fromEntries(
    [...client, ...server].map(([name, message]) => [name, messageOf(name, message)]),
  );
  const refs = (list: [string, Message][]) =>
    list.map(([name]) => ({ $ref: `#/channels/socket/messages/${name}` }));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Meridian websocket',
      version,
      description: [
        `One websocket per app at \`${WS_PATH}\` (SPEC.md §7, §9). The client sends \`ping\` every ${WS_PING_INTERVAL_MS / 1000} s and reconnects when more than two go unanswered; it subscribes to topics (DAY_MARKET for every instrument's every tick, DAY_MARKET:<symbol> for one instrument, DAY_MARKET_SNAPSHOT for every instrument's latest quote at most once a second, KLINE:<symbol>:<period>) and signs in with its token to receive its account's pushes (FOREX_TRADE, FOREX_CLOSED, FOREX_FILLED, NOTIFICATION).`,
        'Messages are JSON text frames, except the bare text frames `ping` and `pong`.',
      ].join('\n\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      meridian: {
        host: '{host}',
        protocol: 'wss',
        description: 'The host serving the app; ws on plain http',
        variables: { host: { default: 'localhost:8080' } },
      },
    },
    channels: {
      socket: {
        address: WS_PATH,
        messages: Object.fromEntries(
          Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }]),
        ),
      },
    },
    operations: {
      clientSends: {
        action: 'receive',
        summary: 'What the client sends',
        channel: { $ref: '#/channels/socket' },
        messages: refs(client),
      },
      serverSends: {
        action: 'send',
        summary: 'What the server sends: answers and pushes',
        channel: { $ref: '#/channels/socket' },
        messages: refs(server),
      },
    },
    components: { messages },
  };
}
