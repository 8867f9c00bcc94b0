/** The market area's face: all that other areas and the composition root use of it. */
export type { MarketInstrument } from './definitions';
export type { InstrumentRow } from './instruments.repo';
export {
  allCategories,
  allInstruments,
  findCategory,
  limitedInstruments,
  lockInstrument,
  updateInstrumentTerms,
} from './instruments.repo';
export { marketRoutes } from './routes';
export { seedMarket } from './seed';
export type { Market } from './service';
export { createMarket, MARKET_DEFINITIONS, MARKET_TICK } from './service';
