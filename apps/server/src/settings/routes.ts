import { type BasicInfo, endpoints, LANGUAGE_TAGS } from '@meridian/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { areaCodes } from '../db/schema';
import { refuse } from '../http/errors';
import { route } from '../http/route';
import type { SettingKey } from './defaults';
import { readSetting, readSettings } from './read';

/** Settings a visitor's app may read with /api/default/setting?key=… */
const PUBLIC_SETTINGS = ['is_show_mobile'] as const satisfies readonly SettingKey[];

/** A setting the back office allows only as '1' or '2' (admin/settings.ts), as a number. */
const oneOrTwo = (value: string) => Number(value) as 1 | 2;

export function settingsRoutes(
  app: FastifyInstance,
  { database: { db }, config }: { database: Database; config: Config },
): void {
  route(app, db, endpoints.areaList, async ({ lang }) => {
    const names = new Intl.DisplayNames([LANGUAGE_TAGS[lang]], { type: 'region' });
    const rows = await db.select().from(areaCodes).orderBy(asc(areaCodes.sort));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      global_code: row.globalCode,
      name: names.of(row.code) ?? row.code,
    }));
  });

  const priceSource: BasicInfo['price_source'] = config.feed === 'simulator' ? 'simulated' : 'external';
  route(app, db, endpoints.basicInfo, async () => {
    const s = await readSettings(db);
    return {
      service_link: s.service_link,
      service_link_type: oneOrTwo(s.service_link_type),
      verify_reg_type: oneOrTwo(s.verify_reg_type),
      trade_fee_type: oneOrTwo(s.trade_fee_type),
      price_source: priceSource,
    };
  });

  route(app, db, endpoints.setting, async ({ input }) => {
    if (!(PUBLIC_SETTINGS as readonly string[]).includes(input.key)) {
      throw refuse('unknown_setting');
    }
    return readSetting(db, input.key as SettingKey);
  });
}
