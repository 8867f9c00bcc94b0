/** A trader's app preferences, apart from the wire schemas so that a client can use them without zod. */

export const CHART_TYPES = ['candles', 'line', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Moving average, exponential moving average, Bollinger bands, relative strength index, MACD. */
export const INDICATORS = ['ma', 'ema', 'bb', 'rsi', 'macd'] as const;
export type Indicator = (typeof INDICATORS)[number];
