import type { z } from 'zod';
import type { Db } from '../db/client';

/** Whether the answers of this database's app are checked against their schemas (config.checkAnswers). */
const checkedOn = new WeakMap<Db, boolean>();
export const checkAnswers = (db: Db, enabled: boolean) => checkedOn.set(db, enabled);

/**
 * Throws when `data` is not what the endpoint's answer schema says: the app answers 500 and logs the
 * differences, so a suite that calls the route fails where the contract and the view disagree.
 */
export function assertAnswer(db: Db, path: string, schema: z.ZodType, data: unknown): void {
  if (!checkedOn.get(db)) return;
  const parsed = schema.safeParse(data);
  if (parsed.success) return;
  const where = parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
  throw new Error(`${path} answered outside its contract: ${where.slice(0, 5).join('; ')}`);
}
