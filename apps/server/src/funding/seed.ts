import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { depositChannels, withdrawCurrencies } from './schema';

/** Made-up receiving accounts for the embedded demo, marked `demo` so the deposit screen warns against paying them. */
const CHANNELS: (typeof depositChannels.$inferInsert)[] = [
  {
    kind: 'coin',
    currencyCode: 'USDT',
    protocolCode: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    sort: 1,
  },
  {
    kind: 'coin',
    currencyCode: 'USDT',
    protocolCode: 'ERC20',
    address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
    sort: 2,
  },
  {
    kind: 'coin',
    currencyCode: 'BTC',
    protocolCode: 'BTC',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    sort: 3,
  },
  {
    kind: 'coin',
    currencyCode: 'ETH',
    protocolCode: 'ERC20',
    address: '0x2170Ed0880ac9A755fd29B2688956BD959F933F8',
    sort: 4,
  },
  {
    kind: 'wire',
    currencyCode: 'USD',
    bankName: 'Meridian Settlement Bank',
    accountName: 'Meridian Markets Ltd',
    accountNumber: 'GB29NWBK60161331926819',
    swift: 'NWBKGB2L',
    bankAddress: '1 Princes Street, London EC2R 8AD',
    remark: 'Put your UID in the payment reference',
    sort: 5,
  },
];

const CURRENCIES: (typeof withdrawCurrencies.$inferInsert)[] = [
  {
    type: 1,
    code: 'USDT',
    protocol: 'TRC20',
    drawRate: '1',
    feeType: 1,
    usdPrice: '1',
    min: '10',
    max: '50000',
    sort: 1,
  },
  {
    type: 1,
    code: 'USDT',
    protocol: 'ERC20',
    drawRate: '5',
    feeType: 1,
    usdPrice: '1',
    min: '20',
    max: '50000',
    sort: 2,
  },
  {
    type: 1,
    code: 'BTC',
    protocol: 'BTC',
    drawRate: '0.005',
    feeType: 2,
    usdPrice: '1',
    min: '50',
    max: '100000',
    sort: 3,
  },
  {
    type: 2,
    code: 'USD',
    protocol: 'SWIFT',
    drawRate: '25',
    feeType: 1,
    usdPrice: '1',
    min: '100',
    max: '100000',
    sort: 4,
  },
];

/**
 * Embedded demo only: seeds the deposit channels and withdrawal currencies once; never touches what operators
 * edited. A production database starts with none: operators add the real ones in the back office.
 */
export async function seedFunding(db: Db): Promise<void> {
  const [channels] = await db.select({ n: count() }).from(depositChannels);
  if (!channels?.n) await db.insert(depositChannels).values(CHANNELS.map((c) => ({ ...c, demo: true })));
  const [currencies] = await db.select({ n: count() }).from(withdrawCurrencies);
  if (!currencies?.n) await db.insert(withdrawCurrencies).values(CURRENCIES);
}
