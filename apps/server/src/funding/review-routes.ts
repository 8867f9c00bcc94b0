import type { Language } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { id, type PageInput, pageInput } from '../operators/inputs';
import { adminRoute, type Role } from '../operators/session';

/** A queue operators work through: list by status, approve, or reject with a reason. */
export interface ReviewQueue {
  /** e.g. '/admin/api/deposits'; approve and reject live under it. */
  path: string;
  roles: readonly Role[];
  list(status: number | undefined, page: PageInput, lang: Language): Promise<unknown>;
  approve(operatorId: number, id: number): Promise<unknown>;
  reject(operatorId: number, id: number, reason: string): Promise<unknown>;
}

const listInput = pageInput.extend({ status: z.coerce.number().int().min(0).max(9).optional() });
const reason = z.string().trim().min(1).max(500);

/** GET {path}?status=&page=&size=, POST {path}/approve {id}, POST {path}/reject {id, reason}. */
export function reviewRoutes(app: FastifyInstance, db: Db, queue: ReviewQueue): void {
  const { path, roles } = queue;
  adminRoute(app, db, { method: 'GET', path, roles }, listInput, ({ input, lang }) =>
    queue.list(input.status, input, lang),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: `${path}/approve`, roles },
    z.object({ id }),
    ({ input, operator }) => queue.approve(operator.id, input.id),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: `${path}/reject`, roles },
    z.object({ id, reason }),
    ({ input, operator }) => queue.reject(operator.id, input.id, input.reason),
  );
}
