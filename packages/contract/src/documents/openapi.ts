import { z } from 'zod';
import type { Access } from '../api';
import { Code } from '../codes';
import { type AdminEndpoint, codesOf, type Endpoint } from '../endpoint';
import { endpointAreas } from '../endpoints';
import { LANGUAGES } from '../languages';
import { adminEndpoints } from '../wire/admin';
import { ADMIN_DOWNLOAD_ENDPOINTS } from '../wire/admin/exports';
import { MULTIPART_ENDPOINTS } from '../wire/funding';
import { DOWNLOAD_ENDPOINTS } from '../wire/statements';
import { WS_PATH } from '../ws';

type Json = Record<string, unknown>;

/** What each envelope code means, for the reference. */
export const CODE_MEANINGS: Record<Code, string> = {
  [Code.OK]: 'done; data holds the answer',
  [Code.REFUSED]: 'a business rule refused it; msg says which, in the caller’s language',
  [Code.SESSION_INVALID]: 'no session, or it ended: sign in again',
  [Code.INVALID_INPUT]: 'a field is missing or malformed; msg names it',
  [Code.FORBIDDEN]: 'the operator’s role may not make this call, or a setup step comes first',
  [Code.NOT_FOUND]: 'no such record (or not the caller’s)',
  [Code.RATE_LIMITED]: 'too many tries: wait and try again',
  [Code.INTERNAL]: 'the server failed; nothing was changed',
};

const ACCESS: Record<Access | 'operator', string> = {
  public: 'public: anyone',
  optional: 'public; reads the trader when a session is sent',
  user: 'signed in (demo or real account)',
  real: 'signed in with a real account (a demo account is refused with code 0)',
  operator: 'operator of the back office',
};

export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A view may hold a time as a Date (isoTime): on the wire it is ISO text.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date')
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as Json;
  return rest;
};

function envelopeOf(answer: z.ZodType, codes: Code[]): Json {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: {
        type: 'integer',
        enum: codes,
        description: codes.map((c) => `${c}: ${CODE_MEANINGS[c]}`).join('; '),
      },
      msg: { type: 'string', description: 'a message for the person, in the language of the `lang` header' },
      data: {
        ...jsonSchema(answer, 'input'),
        description: 'when code is 1; null otherwise (or what the refusal carries)',
      },
    },
  };
}

/** Query parameters of a GET or DELETE call, one per field of its input schema. */
function queryParameters(input: z.ZodType): Json[] {
  const schema = jsonSchema(input, 'input');
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, field]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: field,
  }));
}

interface Operation {
  name: string;
  tag: string;
  method: string;
  path: string;
  access: Access | 'operator';
  described: Endpoint | AdminEndpoint;
  roles?: readonly string[];
  multipart?: boolean;
}

function operationOf(op: Operation): Json {
  const { described } = op;
  const codes = codesOf(op.access, described.errors);
  const withBody = op.method === 'POST';
  const input = jsonSchema(described.input, 'input');
  const body = op.multipart
    ? { 'multipart/form-data': { schema: input } }
    : { 'application/json': { schema: input }, 'application/x-www-form-urlencoded': { schema: input } };
  const who = op.roles
    ? `${ACCESS.operator}: ${op.roles.length > 0 ? `admin, ${op.roles.join(', ')}` : 'any role'}`
    : ACCESS[op.access];
  return {
    operationId: op.name,
    summary: described.summary,
    description: `Access: ${who}.`,
    tags: [op.tag],
    'x-access': op.access,
    ...(op.roles ? { 'x-roles': ['admin', ...op.roles] } : {}),
    'x-codes': codes,
    security:
      op.access === 'public' ? [] : op.access === 'optional' ? [{}, { session: [] }] : [{ session: [] }],
    parameters: [
      { $ref: '#/components/parameters/lang' },
      ...(withBody ? [] : queryParameters(described.input)),
    ],
    ...(withBody ? { requestBody: { required: true, content: body } } : {}),
    responses: {
      '200': {
        description: `The envelope. Codes: ${codes.join(', ')}.`,
        content: [...DOWNLOAD_ENDPOINTS, ...ADMIN_DOWNLOAD_ENDPOINTS.map((n) => `admin.${n}`)].includes(
          op.name,
        )
          ? {
              // A file on success; a refusal is still the envelope.
              'text/csv': { schema: jsonSchema(described.answer, 'output') },
              'application/json': { schema: envelopeOf(z.null(), codes) },
            }
          : { 'application/json': { schema: envelopeOf(described.answer, codes) } },
      },
    },
  };
}

/** Every operation of the HTTP API: the trader's calls by area, then the back office's. */
export function operations(): Operation[] {
  const trader = Object.entries(endpointAreas).flatMap(([tag, area]) =>
    Object.entries(area).map(([name, e]) => ({
      name,
      tag,
      method: e.method,
      path: e.path,
      access: e.access,
      described: e,
      multipart: (MULTIPART_ENDPOINTS as readonly string[]).includes(name),
    })),
  );
  const backOffice = Object.entries(adminEndpoints as Record<string, AdminEndpoint>).map(([name, e]) => ({
    name: `admin.${name}`,
    tag: 'Back office',
    method: e.method,
    path: e.path,
    access: (e.path === '/admin/api/login' ? 'public' : 'operator') as Access | 'operator',
    described: e,
    roles: e.path === '/admin/api/login' ? undefined : e.roles,
  }));
  return [...trader, ...backOffice];
}

/** The OpenAPI 3.1 document of the HTTP API, made from the contract's schemas. */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations()) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationOf(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Meridian API',
      version,
      description: [
        'Every call answers HTTP 200 with the envelope `{code, msg, data}` (SPEC.md §7): code 1 is success, 999 means the session ended, any other code is a refusal whose `msg` is shown to the person as it is.',
        'A GET call reads its fields from the query; a POST call from the query and the body (JSON or form).',
        'Money, prices and lots are decimal text, never numbers.',
        `Live prices and account pushes come over the websocket at \`${WS_PATH}\`, described in the AsyncAPI document at [/api/asyncapi.json](/api/asyncapi.json).`,
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: [...Object.keys(endpointAreas), 'Back office'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'The token sign-in answered (a trader’s, or an operator’s under /admin/api)',
        },
      },
      parameters: {
        lang: {
          name: 'lang',
          in: 'header',
          required: false,
          description: `The language of msg: one of ${LANGUAGES.join(', ')}`,
          schema: { type: 'string' },
        },
      },
    },
  };
}
