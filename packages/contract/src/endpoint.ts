import type { z } from 'zod';
import type { Access, ApiCall, Method } from './api';
import { Code } from './codes';

/** Operators' roles; 'admin' may make every call, the others those that list them. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content', 'risk'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface Described<I extends z.ZodType, O extends z.ZodType> {
  /** One line on what the call does, for the API reference. */
  summary: string;
  /** The fields it reads: query for GET, query and body (JSON or form) for POST. */
  input: I;
  /** The envelope's data when the code is 1. */
  answer: O;
  /** Refusal codes this call answers beyond those of its access level and of every call. */
  errors?: readonly Code[];
}

/** A trader-facing call of SPEC.md §7 (or added since) with its input and answer. */
export type Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = ApiCall &
  Described<I, O>;

export const endpoint = <C extends ApiCall, I extends z.ZodType, O extends z.ZodType>(
  call: C,
  described: Described<I, O>,
): C & Described<I, O> => ({ ...call, ...described });

/** A back-office call under /admin/api: who may make it, and whether it opens before setup is done. */
export interface AdminCall {
  method: Exclude<Method, 'DELETE'>;
  path: string;
  /** Roles that may call it; admin may call everything. Empty: any signed-in operator. */
  roles: readonly OperatorRole[];
  /**
   * Open to an operator who has still to change a password someone else chose, or to enrol the second
   * factor production requires: who am I, sign-out, and those two steps. Everything else waits.
   */
  setup?: true;
}
export type AdminEndpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = AdminCall &
  Described<I, O>;

// The call's literal method and path stay in its type: the back office's client infers each call from them.
export const adminEndpoint = <const C extends AdminCall, I extends z.ZodType, O extends z.ZodType>(
  call: C,
  described: Described<I, O>,
): C & Described<I, O> => ({ ...call, ...described });

/** The codes any call may answer, by who may make it. */
export function codesOf(access: Access | 'operator', errors: readonly Code[] = []): Code[] {
  const codes = new Set<Code>([Code.OK, Code.INVALID_INPUT, Code.RATE_LIMITED, Code.INTERNAL, ...errors]);
  if (access === 'user' || access === 'real' || access === 'operator') codes.add(Code.SESSION_INVALID);
  if (access === 'real') codes.add(Code.REFUSED);
  if (access === 'operator') codes.add(Code.FORBIDDEN);
  return [...codes].sort((a, b) => a - b);
}

export type InputOf<E extends { input: z.ZodType }> = z.output<E['input']>;
export type AnswerOf<E extends { answer: z.ZodType }> = z.input<E['answer']>;

/** What a client sends for an input schema: a field the server coerces from text (unknown to zod) goes as text or a number. */
export type Sent<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? string | number : z.input<S>[K];
};
