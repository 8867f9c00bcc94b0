import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SETTING_DEFAULTS, type SettingKey } from './defaults';
import { settings } from './schema';

export type Settings = Record<SettingKey, string>;

export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.select().from(settings);
  return settingsOf(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** Stored values over the defaults (a key nobody has set yet has its default). */
export function settingsOf(stored: Record<string, string> | null): Settings {
  return { ...SETTING_DEFAULTS, ...stored };
}

/** One setting: its stored value, else its default. */
export async function readSetting(db: Db, key: SettingKey): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? SETTING_DEFAULTS[key];
}
