import { type ArticleTexts, paragraphs as p } from '../articles';

export const en: ArticleTexts = {
  'fed-holds-rates': {
    title: 'Fed holds rates steady and signals patience',
    desc: 'The Federal Reserve left its policy rate unchanged and said it needs more evidence that inflation is cooling.',
    content: p(
      'The US Federal Reserve kept its benchmark rate unchanged on Wednesday, in line with expectations. Policymakers said the labour market remains solid while inflation, though lower, is still above the 2% target.',
      'The dollar edged higher after the statement as traders scaled back bets on a cut at the next meeting. Treasury yields rose slightly and US index futures pared earlier gains.',
      'Markets will now look to next week’s consumer price data for clues on the timing of the first rate cut.',
    ),
  },
  'gold-record': {
    title: 'Gold climbs to a record as real yields slip',
    desc: 'Bullion extended its rally as falling real yields and central-bank buying supported demand.',
    content: p(
      'Gold rose to a fresh all-time high on Tuesday, extending a rally that has added more than 10% this quarter. Lower inflation-adjusted yields reduce the cost of holding a metal that pays no interest.',
      'Analysts also point to steady purchases by central banks and inflows into gold-backed funds. Silver followed gold higher, while platinum was little changed.',
    ),
  },
  'oil-inventories': {
    title: 'Oil falls after a surprise build in US crude stocks',
    desc: 'Crude prices dropped after government data showed inventories rose while analysts had expected a draw.',
    content: p(
      'WTI crude fell more than 1% after the Energy Information Administration reported an unexpected rise in US commercial crude inventories last week. Analysts had forecast a decline of about two million barrels.',
      'Gasoline stocks also increased as demand softened at the end of the driving season. Brent followed WTI lower, although supply risks in the Middle East limited the losses.',
    ),
  },
  'btc-etf-flows': {
    title: 'Bitcoin ETFs log a third straight week of inflows',
    desc: 'Spot bitcoin funds attracted fresh money for a third week, supporting prices near recent highs.',
    content: p(
      'US-listed spot bitcoin exchange-traded funds recorded net inflows for the third consecutive week, according to fund flow data. The largest products together took in more than a billion dollars.',
      'Bitcoin held close to its recent highs as institutional demand offset profit-taking by long-term holders. Volatility remains elevated, and traders are watching the options market ahead of the monthly expiry.',
    ),
  },
  'eurusd-outlook': {
    title: 'EUR/USD outlook: the ECB meeting takes centre stage',
    desc: 'The euro trades in a narrow range ahead of the European Central Bank decision.',
    content: p(
      'EUR/USD has held a tight range this week as traders wait for the European Central Bank. Economists expect rates to stay on hold, with attention on any hint about the pace of future cuts.',
      'A cautious tone from the ECB could lift the euro towards recent highs, while a signal of faster easing would put the pair under pressure. Support is seen near the 50-day moving average.',
    ),
  },
  'chip-earnings': {
    title: 'Chip maker beats estimates and raises its outlook',
    desc: 'Strong demand for data-centre processors pushed quarterly revenue well above forecasts.',
    content: p(
      'A leading US chip designer reported quarterly revenue and earnings above analysts’ estimates, driven by demand for artificial-intelligence processors in data centres.',
      'The company raised its guidance for the current quarter, and its shares rose in after-hours trading. The results lifted futures on the Nasdaq 100, where semiconductor stocks carry a large weight.',
      'Investors will watch whether supply constraints ease enough to meet orders next year.',
    ),
  },
  'yen-intervention': {
    title: 'Yen weakens past 155 as traders weigh intervention risk',
    desc: 'USD/JPY climbed to a multi-month high, prompting warnings from Japanese officials.',
    content: p(
      'The Japanese yen slid past 155 per dollar, its weakest level in months, as the wide gap between US and Japanese interest rates kept pressure on the currency.',
      'Japan’s top currency official said authorities are watching moves with a high sense of urgency, language that has preceded intervention in the past. Traders are wary of sharp reversals.',
    ),
  },
  'uk-inflation': {
    title: 'UK inflation eases more than expected; pound slips',
    desc: 'Consumer price growth slowed, strengthening the case for a Bank of England rate cut.',
    content: p(
      'UK consumer price inflation slowed more than economists had forecast last month, helped by lower energy and food prices. Services inflation, watched closely by the Bank of England, also eased.',
      'Sterling fell against the dollar and the euro as markets raised the odds of a rate cut at the next meeting. UK government bond yields declined across the curve.',
    ),
  },
  'ether-upgrade': {
    title: 'Ether rallies ahead of a network upgrade',
    desc: 'The second-largest cryptocurrency outperformed bitcoin as developers confirmed the upgrade date.',
    content: p(
      'Ether gained more than 6% over the week after Ethereum developers confirmed the date of the next network upgrade, which aims to lower transaction costs for layer-2 networks.',
      'The rally pushed the ETH/BTC ratio to its highest level in a month. Analysts caution that prices often retreat once an upgrade is complete.',
    ),
  },
  'opec-output': {
    title: 'OPEC+ extends output cuts into next quarter',
    desc: 'The producer group agreed to keep voluntary supply cuts in place for three more months.',
    content: p(
      'OPEC+ members agreed to extend their voluntary production cuts into next quarter, citing uncertainty about demand growth. The decision was broadly expected by the market.',
      'Brent crude rose modestly after the announcement. Analysts say the group’s ability to keep supply tight will be tested if non-OPEC output continues to grow.',
    ),
  },
  'sp500-record': {
    title: 'S&P 500 closes at a record, led by technology',
    desc: 'US stocks rose for a fourth session as technology shares and easing yields lifted the benchmark.',
    content: p(
      'The S&P 500 closed at an all-time high on Friday, led by technology and communication services shares. The Nasdaq 100 also gained, while the Dow Jones industrial average rose more modestly.',
      'Falling Treasury yields and solid earnings supported sentiment. Strategists note that market breadth has improved, with more sectors joining the advance.',
    ),
  },
  'china-pmi': {
    title: 'China factory activity returns to growth, lifting the Aussie',
    desc: 'The official manufacturing PMI rose above 50, boosting currencies linked to Chinese demand.',
    content: p(
      'China’s official manufacturing purchasing managers’ index rose above the 50 mark that separates growth from contraction, for the first time in several months. New export orders improved.',
      'The Australian dollar, often traded as a proxy for Chinese demand, rose against the US dollar. Industrial metals such as copper also gained.',
    ),
  },
  'restricted-countries': {
    title: 'Service availability notice',
    desc: 'Our services are not offered to residents of {{restricted_count}} countries.',
    content: p(
      'Meridian does not offer its services to residents of {{restricted_count}} countries, in line with international sanctions and local regulations.',
      'If you are a resident of one of these countries, you may not open an account or use our services. We may ask for proof of residence at any time and close accounts that do not meet this requirement.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Crypto trading is open around the clock',
    desc: 'Bitcoin, Ethereum, Solana and XRP can now be traded 24 hours a day, 7 days a week.',
    content: p(
      'Cryptocurrency instruments are now open for trading 24 hours a day, including weekends. Forex, metals, energy and indices keep their usual trading hours.',
      'Please note that liquidity can be lower at weekends, and prices may move quickly. Check the margin requirements of each instrument before placing an order.',
    ),
  },
  'risk-warning': {
    title: 'Risk warning: trading with leverage',
    desc: 'Leveraged products carry a high level of risk and may not be suitable for every investor.',
    content: p(
      'Contracts for difference are complex instruments and come with a high risk of losing money rapidly due to leverage. Leverage magnifies both profits and losses.',
      'Only trade with money you can afford to lose, use stop-loss orders, and make sure you understand how margin and stop-out work. Past performance is not a reliable indicator of future results.',
    ),
  },
};
