import type { ServerMessage } from '@meridian/contract';

/** Bus channels the websocket gateway of every node listens on. */
export const Channel = {
  /** `{topic, message}`: market data to every subscriber of a topic. */
  topic: 'ws.topic',
  /** `{userId, message}`: account messages to every connection of one user. */
  user: 'ws.user',
  /** `PresenceEvent`: who is signed in on a node's sockets, so account figures go only to them. */
  presence: 'ws.presence',
} as const;

export interface TopicEvent {
  topic: string;
  message: ServerMessage;
}

export interface UserEvent {
  userId: number;
  message: ServerMessage;
}

/**
 * A node's signed-in users: those who joined and left since its last message, and now and then all of them
 * (`all`), which replaces what was heard of that node before. `{ask: true}` asks every node for its `all` now.
 */
export type PresenceEvent =
  | { node: string; joined: number[]; left: number[]; all?: number[] }
  | { ask: true };
