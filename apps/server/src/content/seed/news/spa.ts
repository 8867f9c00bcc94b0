import { type ArticleTexts, paragraphs as p } from '../articles';

export const spa: ArticleTexts = {
  'fed-holds-rates': {
    title: 'La Fed mantiene los tipos y pide paciencia',
    desc: 'La Reserva Federal dejó sin cambios su tipo de referencia y quiere más pruebas de que la inflación se modera.',
    content: p(
      'La Reserva Federal de EE. UU. mantuvo el miércoles su tipo de interés de referencia, tal como se esperaba. Los responsables señalaron que el mercado laboral sigue sólido y que la inflación, aunque más baja, continúa por encima del objetivo del 2 %.',
      'El dólar subió ligeramente tras el comunicado, ya que los operadores redujeron sus apuestas por un recorte en la próxima reunión. Los rendimientos del Tesoro avanzaron levemente y los futuros de los índices estadounidenses recortaron ganancias.',
    ),
  },
  'gold-record': {
    title: 'El oro marca un récord mientras caen los rendimientos reales',
    desc: 'El metal prolongó su avance gracias a la caída de los rendimientos reales y las compras de los bancos centrales.',
    content: p(
      'El oro alcanzó el martes un nuevo máximo histórico y acumula una subida de más del 10 % en el trimestre. Unos rendimientos ajustados por inflación más bajos reducen el coste de mantener un metal que no paga intereses.',
      'Los analistas también destacan las compras constantes de los bancos centrales y las entradas en fondos respaldados por oro. La plata siguió al oro al alza, mientras que el platino apenas varió.',
    ),
  },
  'oil-inventories': {
    title: 'El petróleo cae tras un aumento inesperado de las reservas de EE. UU.',
    desc: 'El crudo bajó después de que los datos oficiales mostraran un alza de inventarios cuando se esperaba un descenso.',
    content: p(
      'El WTI cayó más de un 1 % después de que la Administración de Información Energética informara de un aumento inesperado de las reservas comerciales de crudo la semana pasada. Los analistas preveían un descenso de unos dos millones de barriles.',
      'Las reservas de gasolina también subieron ante una demanda más débil al final de la temporada de viajes. El Brent siguió al WTI, aunque los riesgos de suministro en Oriente Medio limitaron las pérdidas.',
    ),
  },
  'btc-etf-flows': {
    title: 'Los ETF de bitcoin suman una tercera semana de entradas',
    desc: 'Los fondos de bitcoin al contado captaron dinero nuevo por tercera semana, lo que sostuvo el precio.',
    content: p(
      'Los ETF de bitcoin al contado que cotizan en EE. UU. registraron entradas netas por tercera semana consecutiva, según datos de flujos. Los mayores productos captaron en conjunto más de mil millones de dólares.',
      'La demanda institucional compensó la toma de beneficios de los tenedores de largo plazo y el bitcoin se mantuvo cerca de sus máximos recientes. La volatilidad sigue alta ante el vencimiento mensual de opciones.',
    ),
  },
  'eurusd-outlook': {
    title: 'Perspectivas del EUR/USD: la reunión del BCE, en el centro',
    desc: 'El euro cotiza en un rango estrecho a la espera de la decisión del Banco Central Europeo.',
    content: p(
      'El EUR/USD se ha movido en un rango estrecho esta semana mientras los operadores esperan al BCE. Los economistas prevén que los tipos se mantengan, con la atención puesta en cualquier pista sobre el ritmo de futuros recortes.',
      'Un tono prudente del BCE podría llevar al euro hacia sus máximos recientes, mientras que una señal de relajación más rápida presionaría al par. Se espera soporte cerca de la media móvil de 50 días.',
    ),
  },
  'chip-earnings': {
    title: 'Un fabricante de chips supera las previsiones y eleva su guía',
    desc: 'La fuerte demanda de procesadores para centros de datos llevó los ingresos trimestrales muy por encima de lo previsto.',
    content: p(
      'Un destacado diseñador estadounidense de chips presentó ingresos y beneficios trimestrales superiores a las estimaciones, impulsados por la demanda de procesadores de inteligencia artificial en centros de datos.',
      'La compañía elevó sus previsiones para el trimestre en curso y sus acciones subieron en la negociación posterior al cierre. Los resultados impulsaron los futuros del Nasdaq 100, donde los semiconductores tienen mucho peso.',
    ),
  },
  'yen-intervention': {
    title: 'El yen supera los 155 y el mercado sopesa una intervención',
    desc: 'El USD/JPY alcanzó un máximo de varios meses y las autoridades japonesas lanzaron advertencias.',
    content: p(
      'El yen se debilitó más allá de 155 por dólar, su nivel más bajo en meses, ya que el amplio diferencial de tipos entre EE. UU. y Japón sigue presionando a la divisa.',
      'El máximo responsable cambiario de Japón afirmó que las autoridades vigilan los movimientos con gran sentido de urgencia, palabras que en el pasado precedieron a intervenciones. Los operadores temen giros bruscos.',
    ),
  },
  'uk-inflation': {
    title: 'La inflación británica se modera más de lo previsto y la libra cede',
    desc: 'La desaceleración de los precios refuerza la posibilidad de una bajada de tipos del Banco de Inglaterra.',
    content: p(
      'La inflación de los precios al consumo en el Reino Unido se moderó el mes pasado más de lo previsto, gracias al abaratamiento de la energía y los alimentos. La inflación de servicios, que el Banco de Inglaterra sigue de cerca, también bajó.',
      'La libra cayó frente al dólar y al euro, ya que los mercados elevaron la probabilidad de un recorte en la próxima reunión. Los rendimientos de la deuda británica bajaron en todos los plazos.',
    ),
  },
  'ether-upgrade': {
    title: 'El ether sube ante una actualización de la red',
    desc: 'La segunda criptomoneda superó al bitcoin después de que se confirmara la fecha de la actualización.',
    content: p(
      'El ether ganó más de un 6 % en la semana después de que los desarrolladores de Ethereum confirmaran la fecha de la próxima actualización, que busca reducir los costes de las redes de capa 2.',
      'El avance llevó la relación ETH/BTC a su nivel más alto en un mes. Los analistas advierten de que los precios suelen retroceder una vez completada la actualización.',
    ),
  },
  'opec-output': {
    title: 'La OPEP+ prolonga los recortes de producción',
    desc: 'El grupo de productores acordó mantener sus recortes voluntarios durante tres meses más.',
    content: p(
      'Los miembros de la OPEP+ acordaron extender sus recortes voluntarios de producción hasta el próximo trimestre, alegando incertidumbre sobre el crecimiento de la demanda. El mercado ya contaba en gran medida con la decisión.',
      'El Brent subió ligeramente tras el anuncio. Según los analistas, la capacidad del grupo para mantener ajustada la oferta se pondrá a prueba si la producción fuera de la OPEP sigue creciendo.',
    ),
  },
  'sp500-record': {
    title: 'El S&P 500 cierra en máximos históricos, liderado por la tecnología',
    desc: 'La bolsa estadounidense sube por cuarta sesión gracias a la tecnología y a la bajada de rendimientos.',
    content: p(
      'El S&P 500 cerró el viernes en máximos históricos, liderado por la tecnología y los servicios de comunicación. El Nasdaq 100 también avanzó y el Dow Jones subió de forma más moderada.',
      'La caída de los rendimientos del Tesoro y unos resultados sólidos sostuvieron el ánimo inversor. Los estrategas señalan que la subida se extiende a más sectores.',
    ),
  },
  'china-pmi': {
    title: 'La industria china vuelve a crecer e impulsa al dólar australiano',
    desc: 'El PMI manufacturero oficial superó los 50 puntos y favoreció a las divisas ligadas a la demanda china.',
    content: p(
      'El índice oficial de gestores de compras del sector manufacturero chino superó la marca de 50, que separa expansión y contracción, por primera vez en varios meses. Los nuevos pedidos de exportación mejoraron.',
      'El dólar australiano, que suele negociarse como indicador de la demanda china, subió frente al dólar estadounidense. Los metales industriales como el cobre también se encarecieron.',
    ),
  },
  'restricted-countries': {
    title: 'Aviso sobre la disponibilidad del servicio',
    desc: 'Nuestros servicios no se ofrecen a residentes de {{restricted_count}} países.',
    content: p(
      'De acuerdo con las sanciones internacionales y la normativa local, Meridian no ofrece sus servicios a residentes de {{restricted_count}} países.',
      'Si usted reside en uno de estos países, no puede abrir una cuenta ni utilizar nuestros servicios. Podemos solicitarle un comprobante de residencia en cualquier momento y cerrar las cuentas que no cumplan este requisito.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Opere con criptomonedas a cualquier hora',
    desc: 'Bitcoin, Ethereum, Solana y XRP se pueden negociar ahora las 24 horas, los 7 días de la semana.',
    content: p(
      'Los instrumentos de criptomonedas están ahora abiertos a la negociación las 24 horas, fines de semana incluidos. Divisas, metales, energía e índices mantienen su horario habitual.',
      'Tenga en cuenta que la liquidez puede ser menor los fines de semana y los precios pueden moverse con rapidez. Revise los requisitos de margen de cada instrumento antes de enviar una orden.',
    ),
  },
  'risk-warning': {
    title: 'Advertencia de riesgo: operar con apalancamiento',
    desc: 'Los productos apalancados conllevan un riesgo elevado y pueden no ser adecuados para todos los inversores.',
    content: p(
      'Los contratos por diferencias son instrumentos complejos y conllevan un alto riesgo de perder dinero rápidamente debido al apalancamiento. El apalancamiento amplifica tanto las ganancias como las pérdidas.',
      'Opere solo con dinero que pueda permitirse perder, utilice órdenes de stop loss y asegúrese de entender cómo funcionan el margen y el cierre forzoso. La rentabilidad pasada no es un indicador fiable de resultados futuros.',
    ),
  },
};
