import type {
  AdminEndpoint,
  AdminPageInput,
  Language,
  reviewIdInput,
  reviewListInput,
  reviewRejectInput,
} from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { adminRoute } from '../operators';

/** A queue's three calls: GET {path}?status=&page=&size=, POST {path}/approve {id}, POST {path}/reject {id, reason}. */
export interface ReviewEndpoints<L extends z.ZodType, A extends z.ZodType, R extends z.ZodType> {
  list: AdminEndpoint<typeof reviewListInput, L>;
  approve: AdminEndpoint<typeof reviewIdInput, A>;
  reject: AdminEndpoint<typeof reviewRejectInput, R>;
}

/** A queue operators work through: list by status, approve, or reject with a reason. */
export interface ReviewQueue<L extends z.ZodType, A extends z.ZodType, R extends z.ZodType> {
  endpoints: ReviewEndpoints<L, A, R>;
  list(status: number | undefined, page: AdminPageInput, lang: Language): Promise<z.input<L>>;
  approve(operatorId: number, id: number): Promise<z.input<A>>;
  reject(operatorId: number, id: number, reason: string): Promise<z.input<R>>;
}

/** Registers a review queue's list, approve and reject calls. */
export function reviewRoutes<L extends z.ZodType, A extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  queue: ReviewQueue<L, A, R>,
): void {
  const { endpoints } = queue;
  adminRoute(app, db, endpoints.list, ({ input, lang }) => queue.list(input.status, input, lang));
  adminRoute(app, db, endpoints.approve, ({ input, operator }) => queue.approve(operator.id, input.id));
  adminRoute(app, db, endpoints.reject, ({ input, operator }) =>
    queue.reject(operator.id, input.id, input.reason),
  );
}
