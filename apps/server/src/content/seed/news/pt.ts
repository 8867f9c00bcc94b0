import { type ArticleTexts, paragraphs as p } from '../articles';

export const pt: ArticleTexts = {
  'fed-holds-rates': {
    title: 'Fed mantém os juros e sinaliza paciência',
    desc: 'O Federal Reserve deixou a taxa básica inalterada e quer mais sinais de que a inflação está cedendo.',
    content: p(
      'O Federal Reserve dos EUA manteve a taxa básica de juros na quarta-feira, como esperado. Os dirigentes disseram que o mercado de trabalho segue firme e que a inflação, embora menor, continua acima da meta de 2%.',
      'O dólar subiu levemente após o comunicado, com investidores reduzindo apostas em um corte na próxima reunião. Os rendimentos dos Treasuries avançaram um pouco e os futuros dos índices americanos devolveram parte dos ganhos.',
    ),
  },
  'gold-record': {
    title: 'Ouro renova recorde com queda dos juros reais',
    desc: 'O metal estendeu a alta, apoiado pela queda dos juros reais e pelas compras de bancos centrais.',
    content: p(
      'O ouro atingiu na terça-feira uma nova máxima histórica, acumulando alta de mais de 10% no trimestre. Rendimentos ajustados pela inflação mais baixos reduzem o custo de manter um metal que não paga juros.',
      'Analistas também citam as compras constantes dos bancos centrais e os aportes em fundos lastreados em ouro. A prata acompanhou o ouro, enquanto a platina ficou estável.',
    ),
  },
  'oil-inventories': {
    title: 'Petróleo cai após alta inesperada dos estoques nos EUA',
    desc: 'O petróleo recuou depois que dados oficiais mostraram aumento dos estoques, quando se esperava queda.',
    content: p(
      'O WTI caiu mais de 1% depois que a Administração de Informação de Energia informou um aumento inesperado dos estoques comerciais de petróleo bruto na semana passada. Analistas previam queda de cerca de dois milhões de barris.',
      'Os estoques de gasolina também subiram com a demanda mais fraca no fim da temporada de viagens. O Brent acompanhou o WTI, mas os riscos de oferta no Oriente Médio limitaram as perdas.',
    ),
  },
  'btc-etf-flows': {
    title: 'ETFs de bitcoin têm a terceira semana seguida de entradas',
    desc: 'Fundos de bitcoin à vista atraíram novos recursos pela terceira semana, sustentando o preço.',
    content: p(
      'Os ETFs de bitcoin à vista listados nos EUA registraram entradas líquidas pela terceira semana consecutiva, segundo dados de fluxo. Os maiores produtos captaram juntos mais de um bilhão de dólares.',
      'A demanda institucional compensou a realização de lucros dos investidores de longo prazo, e o bitcoin se manteve perto das máximas recentes. A volatilidade segue alta antes do vencimento mensal de opções.',
    ),
  },
  'eurusd-outlook': {
    title: 'Perspectivas para EUR/USD: reunião do BCE no centro das atenções',
    desc: 'O euro opera em faixa estreita antes da decisão do Banco Central Europeu.',
    content: p(
      'O EUR/USD ficou em uma faixa estreita nesta semana à espera do Banco Central Europeu. Economistas esperam manutenção dos juros, com atenção a qualquer sinal sobre o ritmo dos próximos cortes.',
      'Um tom cauteloso do BCE pode levar o euro às máximas recentes, enquanto um sinal de afrouxamento mais rápido pressionaria o par. O suporte é visto perto da média móvel de 50 dias.',
    ),
  },
  'chip-earnings': {
    title: 'Fabricante de chips supera estimativas e eleva projeções',
    desc: 'A forte demanda por processadores para data centers levou a receita trimestral bem acima do previsto.',
    content: p(
      'Uma grande projetista americana de chips divulgou receita e lucro trimestrais acima das estimativas dos analistas, impulsionados pela demanda por processadores de inteligência artificial em data centers.',
      'A empresa elevou a projeção para o trimestre atual e as ações subiram no after-market. O resultado impulsionou os futuros do Nasdaq 100, em que as ações de semicondutores têm grande peso.',
    ),
  },
  'yen-intervention': {
    title: 'Iene passa de 155 e mercado avalia risco de intervenção',
    desc: 'O USD/JPY chegou à máxima em vários meses, e autoridades japonesas fizeram alertas.',
    content: p(
      'O iene passou de 155 por dólar, o nível mais fraco em meses, já que a grande diferença de juros entre EUA e Japão continua pressionando a moeda.',
      'A principal autoridade cambial do Japão disse que o governo acompanha os movimentos com grande senso de urgência, expressão que já antecedeu intervenções. Os investidores temem reversões bruscas.',
    ),
  },
  'uk-inflation': {
    title: 'Inflação britânica desacelera mais que o esperado e libra cai',
    desc: 'A desaceleração dos preços reforça a chance de corte de juros pelo Banco da Inglaterra.',
    content: p(
      'A inflação ao consumidor no Reino Unido desacelerou no mês passado mais do que os economistas previam, ajudada pela queda dos preços de energia e alimentos. A inflação de serviços, acompanhada de perto pelo Banco da Inglaterra, também recuou.',
      'A libra caiu frente ao dólar e ao euro, com o mercado aumentando a chance de corte na próxima reunião. Os rendimentos dos títulos britânicos recuaram em todos os prazos.',
    ),
  },
  'ether-upgrade': {
    title: 'Ether dispara antes de atualização da rede',
    desc: 'A segunda maior criptomoeda superou o bitcoin após a confirmação da data da atualização.',
    content: p(
      'O ether subiu mais de 6% na semana depois que os desenvolvedores do Ethereum confirmaram a data da próxima atualização da rede, que busca reduzir os custos das redes de camada 2.',
      'A alta levou a relação ETH/BTC ao maior nível em um mês. Analistas alertam que os preços costumam recuar depois que a atualização é concluída.',
    ),
  },
  'opec-output': {
    title: 'Opep+ prorroga cortes de produção para o próximo trimestre',
    desc: 'O grupo de produtores concordou em manter os cortes voluntários por mais três meses.',
    content: p(
      'Os membros da Opep+ concordaram em prorrogar os cortes voluntários de produção até o próximo trimestre, citando incerteza sobre o crescimento da demanda. A decisão já era amplamente esperada.',
      'O Brent subiu levemente após o anúncio. Para analistas, a capacidade do grupo de manter a oferta apertada será testada se a produção fora da Opep continuar crescendo.',
    ),
  },
  'sp500-record': {
    title: 'S&P 500 fecha em recorde puxado por tecnologia',
    desc: 'As ações americanas subiram pelo quarto pregão com o avanço da tecnologia e a queda dos rendimentos.',
    content: p(
      'O S&P 500 fechou na sexta-feira em máxima histórica, liderado pelos setores de tecnologia e comunicação. O Nasdaq 100 também subiu, enquanto o Dow Jones avançou de forma mais moderada.',
      'A queda dos rendimentos dos Treasuries e balanços sólidos sustentaram o ânimo. Estrategistas observam que a alta está se espalhando por mais setores.',
    ),
  },
  'china-pmi': {
    title: 'Indústria chinesa volta a crescer e dólar australiano sobe',
    desc: 'O PMI industrial oficial superou 50 pontos e impulsionou moedas ligadas à demanda chinesa.',
    content: p(
      'O índice oficial de gerentes de compras da indústria chinesa superou a marca de 50, que separa expansão de contração, pela primeira vez em vários meses. As novas encomendas de exportação melhoraram.',
      'O dólar australiano, muitas vezes negociado como termômetro da demanda chinesa, subiu frente ao dólar americano. Metais industriais como o cobre também se valorizaram.',
    ),
  },
  'restricted-countries': {
    title: 'Aviso sobre a disponibilidade dos serviços',
    desc: 'Nossos serviços não são oferecidos a residentes de {{restricted_count}} países.',
    content: p(
      'Em conformidade com sanções internacionais e regulamentações locais, a Meridian não oferece seus serviços a residentes de {{restricted_count}} países.',
      'Se você reside em um desses países, não pode abrir conta nem usar nossos serviços. Podemos pedir comprovante de residência a qualquer momento e encerrar contas que não atendam a esse requisito.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Negociação de cripto 24 horas por dia',
    desc: 'Bitcoin, Ethereum, Solana e XRP agora podem ser negociados 24 horas por dia, 7 dias por semana.',
    content: p(
      'Os ativos de criptomoedas agora estão abertos para negociação 24 horas por dia, inclusive nos fins de semana. Forex, metais, energia e índices mantêm o horário habitual.',
      'A liquidez pode ser menor nos fins de semana e os preços podem oscilar rapidamente. Confira os requisitos de margem de cada ativo antes de enviar uma ordem.',
    ),
  },
  'risk-warning': {
    title: 'Aviso de risco: operações alavancadas',
    desc: 'Produtos alavancados envolvem alto risco e podem não ser adequados a todos os investidores.',
    content: p(
      'Contratos por diferença são instrumentos complexos e envolvem alto risco de perda rápida de dinheiro por causa da alavancagem. A alavancagem amplia tanto os lucros quanto os prejuízos.',
      'Opere apenas com dinheiro que você pode perder, use ordens de stop loss e entenda como funcionam a margem e o encerramento forçado. Resultados passados não garantem resultados futuros.',
    ),
  },
};
