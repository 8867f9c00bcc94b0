import type { ServerMessage } from '@meridian/contract';
import type { Bus } from './bus';

/** Bus channels the websocket gateway of every node listens on. */
export const Channel = {
  /** `{topic, message}`: market data to every subscriber of a topic. */
  topic: 'ws.topic',
  /** `{userId, message}`: account messages to every connection of one user. */
  user: 'ws.user',
  /** `{userId}`: some of the user's sessions have ended; every node checks that user's connections again. */
  sessionsEnded: 'ws.sessions_ended',
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
 * Names the user, not the sessions: each node asks the database which of that user's connections are
 * still live, so a sign-in made meanwhile stays, and ending a thousand sessions is one small message.
 */
export interface SessionsEndedEvent {
  userId: number;
}

/**
 * Tells every node that sessions of `userId` ended (signed out, revoked, password changed, account
 * disabled). Only once the change has committed: a node told earlier would still find them live.
 */
export function tellSessionsEnded(bus: Bus, userId: number): void {
  bus.publish(Channel.sessionsEnded, { userId } satisfies SessionsEndedEvent);
}
