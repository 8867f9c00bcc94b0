import type { ServerMessage } from '@meridian/contract';
import type { Bus } from './bus';

/** Bus channels the websocket gateway of every node listens on. */
export const Channel = {
  /** `{topic, message}`: market data to every subscriber of a topic. */
  topic: 'ws.topic',
  /** `{userId, message}`: account messages to every connection of one user. */
  user: 'ws.user',
  /** `UserEvent`s for the users signed in on one node (see `userChannelOf`): only that node reads them. */
  userOnNode: 'ws.user.',
  /** `PresenceEvent`: who is signed in on a node's sockets, so account figures go only to them. */
  presence: 'ws.presence',
  /** `{userId}`: some of the user's sessions have ended; every node checks that user's connections again. */
  sessionsEnded: 'ws.sessions_ended',
} as const;

/** The channel of the account messages for the users signed in on `node`'s sockets. */
export const userChannelOf = (node: string) => `${Channel.userOnNode}${node}`;

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
