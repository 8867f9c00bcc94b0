import { type Language, parseLanguage } from '@meridian/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the `lang` header of SPEC.md §7, else a `lang` query value, else the default. */
export function requestLanguage(req: FastifyRequest): Language {
  const header = req.headers.lang;
  if (header) return parseLanguage(header);
  return parseLanguage((req.query as Record<string, unknown> | undefined)?.lang);
}
