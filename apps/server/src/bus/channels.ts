import type { ServerMessage } from '@meridian/contract';

/** Bus channels the websocket gateway of every node listens on. */
export const Channel = {
  /** `{topic, message}`: market data to every subscriber of a topic. */
  topic: 'ws.topic',
  /** `{userId, message}`: account messages to every connection of one user. */
  user: 'ws.user',
} as const;

export interface TopicEvent {
  topic: string;
  message: ServerMessage;
}

export interface UserEvent {
  userId: number;
  message: ServerMessage;
}
