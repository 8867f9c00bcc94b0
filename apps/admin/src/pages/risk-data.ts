/** The risk desk's live view, as the server pushes it from `risk/live`. */
export interface Exposure {
  rows: {
    instrument_id: number;
    code: string;
    positions: number;
    long_lots: string;
    short_lots: string;
    net_lots: string;
    floating_pnl: string;
  }[];
  floating_pnl: string;
  positions: number;
}

export interface AtRisk {
  rows: {
    user_id: number;
    uid: string;
    email: string | null;
    mobile: string | null;
    state: 'stop_out' | 'margin_call' | 'near';
    risk_rate: string;
    equity: string;
    used_margin: string;
    floating_pnl: string;
    positions: number;
    /** At stop-out, but none of its positions has a live price: it waits for the market. */
    stop_out_blocked: boolean;
    /** Show codes of the positions it waits on. */
    waiting_on: string[];
  }[];
  margin_call_level: string;
  stop_out_level: string;
}

/** One push of `risk/live`: recomputed on the server whenever the bus reports an order or a price change. */
export interface RiskSnapshot {
  exposure: Exposure;
  accounts: AtRisk;
  /** When the server computed it. */
  at: string;
}

export const RISK_LIVE = 'risk/live';
