/** The settings area's face: all that other areas and the composition root use of it. */

export type { SettingKey } from './defaults';
export { SETTING_DEFAULTS } from './defaults';
export type { Settings } from './read';
export { readSetting, readSettings, settingsOf } from './read';
export { settingsRoutes } from './routes';
export { settings } from './schema';
export { supportFraming } from './support-framing';
