import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/route';
import type { Market } from '../market';
import { addToWatchlist, type Listed, orderWatchlist, removeFromWatchlist, watchlistOf } from './service';

/** The trader's favourite instruments, kept on the server so that every device shows the same list. */
export function watchlistRoutes(
  app: FastifyInstance,
  { database: { db }, market }: { database: Database; market: Market },
): void {
  const listed: Listed = (id) => market.instrument(id) !== undefined;
  const answer = (userId: number) => watchlistOf(db, userId, listed);

  route(app, db, endpoints.watchlist, ({ user }) => answer(user.id));

  route(app, db, endpoints.watchlistAdd, async ({ input, user }) => {
    await addToWatchlist(db, user.id, input.forex_id, listed);
    return answer(user.id);
  });

  route(app, db, endpoints.watchlistRemove, async ({ input, user }) => {
    await removeFromWatchlist(db, user.id, input.forex_id);
    return answer(user.id);
  });

  route(app, db, endpoints.watchlistOrder, async ({ input, user }) => {
    await orderWatchlist(db, user.id, input.forex_ids);
    return answer(user.id);
  });
}
