import type { z } from 'zod';
import type { ApiCall } from './api';
import type { Sent } from './endpoint';
import type { endpoints } from './endpoints';

type Endpoints = typeof endpoints;

/** The endpoint a call of `api` is (the one with its method and path): a client infers from it what to send and what comes back. */
export type EndpointOf<C extends ApiCall> = {
  [K in keyof Endpoints]: C['path'] extends Endpoints[K]['path']
    ? C['method'] extends Endpoints[K]['method']
      ? Endpoints[K]
      : never
    : never;
}[keyof Endpoints];

/** The fields a client sends to an endpoint (trader or back office): a wrong or missing one does not compile. */
export type SentTo<E extends { input: z.ZodType }> = Sent<E['input']>;
/** The data of an endpoint's answer when its code is 1, as it arrives (the answer schema's output: dates already text). */
export type Received<E extends { answer: z.ZodType }> = z.output<E['answer']>;

/** The fields a client sends to call `C` of `api`. */
export type InputFor<C extends ApiCall> = SentTo<EndpointOf<C>>;
/** The data of the answer to `C` of `api`. */
export type AnswerFor<C extends ApiCall> = Received<EndpointOf<C>>;
