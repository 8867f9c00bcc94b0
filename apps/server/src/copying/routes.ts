import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { route, said } from '../http/route';
import { copiesOf, copyDetail, copyViews, providerPage, startCopy, stopCopyOf } from './service';

/** Copy trading: provider pages, starting and stopping a copy, and what each copy did. */
export function copyingRoutes(app: FastifyInstance, { database: { db }, trading }: Deps): void {
  const view = async (copy: Parameters<typeof copyViews>[2][number]) =>
    (await copyViews(db, trading, [copy]))[0]!;

  route(app, db, endpoints.copyProvider, ({ input, user }) =>
    providerPage(db, input.id, user?.id ?? null, trading.now()),
  );

  route(app, db, endpoints.copyStart, async ({ input, user }) => {
    const copy = await startCopy(db, trading, user.id, input, trading.now());
    return said(await view(copy), 'copy_started');
  });

  route(app, db, endpoints.copyList, ({ user }) => copiesOf(db, trading, user.id));

  route(app, db, endpoints.copyDetail, ({ input, user, lang }) =>
    copyDetail(db, trading, user.id, input.id, lang),
  );

  route(app, db, endpoints.copyStop, async ({ input, user }) => {
    const copy = await stopCopyOf(db, trading, user.id, input, trading.now);
    return said(await view(copy), 'copy_stop_done');
  });
}
