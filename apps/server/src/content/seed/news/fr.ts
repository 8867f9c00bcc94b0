import { type ArticleTexts, paragraphs as p } from '../articles';

export const fr: ArticleTexts = {
  'fed-holds-rates': {
    title: 'La Fed maintient ses taux et prône la patience',
    desc: 'La Réserve fédérale a laissé son taux directeur inchangé et attend davantage de preuves d’un reflux de l’inflation.',
    content: p(
      'La Réserve fédérale américaine a maintenu mercredi son taux directeur, comme prévu. Les responsables estiment que le marché du travail reste solide et que l’inflation, bien qu’en baisse, demeure au-dessus de l’objectif de 2 %.',
      'Le dollar s’est légèrement apprécié après le communiqué, les opérateurs réduisant leurs paris sur une baisse lors de la prochaine réunion. Les rendements des Treasuries ont un peu monté et les contrats à terme sur indices américains ont réduit leurs gains.',
    ),
  },
  'gold-record': {
    title: 'L’or grimpe à un record avec le repli des taux réels',
    desc: 'Le métal jaune prolonge sa hausse, soutenu par la baisse des taux réels et les achats des banques centrales.',
    content: p(
      'L’or a atteint mardi un nouveau sommet historique, portant sa hausse à plus de 10 % sur le trimestre. La baisse des rendements corrigés de l’inflation réduit le coût de détention d’un métal qui ne rapporte aucun intérêt.',
      'Les analystes citent aussi les achats réguliers des banques centrales et les flux vers les fonds adossés à l’or. L’argent a suivi l’or, tandis que le platine est resté stable.',
    ),
  },
  'oil-inventories': {
    title: 'Le pétrole recule après une hausse surprise des stocks américains',
    desc: 'Les cours du brut ont baissé après des données officielles montrant une hausse des stocks, là où une baisse était attendue.',
    content: p(
      'Le WTI a perdu plus de 1 % après que l’Agence d’information sur l’énergie a fait état d’une hausse inattendue des stocks commerciaux de brut aux États-Unis la semaine dernière. Les analystes tablaient sur un recul d’environ deux millions de barils.',
      'Les stocks d’essence ont aussi progressé avec une demande plus faible en fin de saison estivale. Le Brent a suivi le WTI, mais les risques d’approvisionnement au Moyen-Orient ont limité les pertes.',
    ),
  },
  'btc-etf-flows': {
    title: 'Les ETF bitcoin enregistrent une troisième semaine d’entrées',
    desc: 'Les fonds bitcoin au comptant attirent de nouveaux capitaux pour la troisième semaine, soutenant les cours.',
    content: p(
      'Les ETF bitcoin au comptant cotés aux États-Unis ont enregistré des entrées nettes pour la troisième semaine consécutive, selon les données de flux. Les principaux produits ont collecté ensemble plus d’un milliard de dollars.',
      'La demande institutionnelle a compensé les prises de bénéfices des détenteurs de long terme, et le bitcoin reste proche de ses récents sommets. La volatilité demeure élevée à l’approche de l’échéance mensuelle des options.',
    ),
  },
  'eurusd-outlook': {
    title: 'Perspectives EUR/USD : la réunion de la BCE au centre de l’attention',
    desc: 'L’euro évolue dans une fourchette étroite avant la décision de la Banque centrale européenne.',
    content: p(
      'L’EUR/USD est resté cantonné dans une fourchette étroite cette semaine, dans l’attente de la BCE. Les économistes prévoient un statu quo, l’attention portant sur le rythme des futures baisses de taux.',
      'Un ton prudent de la BCE pourrait porter l’euro vers ses récents plus hauts, tandis qu’un signal d’assouplissement plus rapide pèserait sur la paire. Un support est attendu près de la moyenne mobile à 50 jours.',
    ),
  },
  'chip-earnings': {
    title: 'Un fabricant de puces dépasse les attentes et relève ses prévisions',
    desc: 'La forte demande de processeurs pour centres de données a porté le chiffre d’affaires bien au-delà des prévisions.',
    content: p(
      'Un grand concepteur américain de puces a publié un chiffre d’affaires et un bénéfice trimestriels supérieurs aux attentes, porté par la demande de processeurs d’intelligence artificielle dans les centres de données.',
      'Le groupe a relevé ses prévisions pour le trimestre en cours et son titre a progressé après la clôture. Les résultats ont soutenu les contrats à terme sur le Nasdaq 100, où les semi-conducteurs pèsent lourd.',
    ),
  },
  'yen-intervention': {
    title: 'Le yen passe au-delà de 155, le risque d’intervention pèse',
    desc: 'L’USD/JPY a atteint un plus haut de plusieurs mois, provoquant des mises en garde de Tokyo.',
    content: p(
      'Le yen a glissé au-delà de 155 pour un dollar, son plus bas niveau depuis plusieurs mois, l’écart de taux entre les États-Unis et le Japon continuant de peser sur la devise.',
      'Le principal responsable des changes japonais a déclaré suivre les mouvements avec un fort sentiment d’urgence, une formule qui a précédé des interventions par le passé. Les opérateurs redoutent un retournement brutal.',
    ),
  },
  'uk-inflation': {
    title: 'L’inflation britannique ralentit plus que prévu, la livre recule',
    desc: 'Le ralentissement des prix à la consommation renforce l’hypothèse d’une baisse de taux de la Banque d’Angleterre.',
    content: p(
      'L’inflation des prix à la consommation au Royaume-Uni a ralenti plus que prévu le mois dernier, grâce à la baisse des prix de l’énergie et de l’alimentation. L’inflation des services, suivie de près par la Banque d’Angleterre, a aussi reculé.',
      'La livre sterling a baissé face au dollar et à l’euro, les marchés relevant la probabilité d’une baisse de taux à la prochaine réunion. Les rendements des gilts ont reculé sur toute la courbe.',
    ),
  },
  'ether-upgrade': {
    title: 'L’ether s’envole avant une mise à niveau du réseau',
    desc: 'La deuxième cryptomonnaie surperforme le bitcoin après la confirmation de la date de mise à jour.',
    content: p(
      'L’ether a gagné plus de 6 % sur la semaine après que les développeurs d’Ethereum ont confirmé la date de la prochaine mise à niveau, qui vise à réduire les frais des réseaux de couche 2.',
      'Cette hausse a porté le ratio ETH/BTC à son plus haut niveau en un mois. Les analystes rappellent que les cours reculent souvent une fois la mise à niveau effectuée.',
    ),
  },
  'opec-output': {
    title: 'L’OPEP+ prolonge ses réductions de production',
    desc: 'Le groupe de producteurs a convenu de maintenir ses baisses volontaires pendant trois mois de plus.',
    content: p(
      'Les membres de l’OPEP+ ont accepté de prolonger leurs réductions volontaires de production jusqu’au prochain trimestre, invoquant l’incertitude sur la demande. La décision était largement anticipée.',
      'Le Brent a légèrement progressé après l’annonce. Selon les analystes, la capacité du groupe à maintenir une offre serrée sera mise à l’épreuve si la production hors OPEP continue d’augmenter.',
    ),
  },
  'sp500-record': {
    title: 'Le S&P 500 termine à un record, porté par la tech',
    desc: 'Wall Street progresse pour la quatrième séance grâce à la technologie et à la détente des taux.',
    content: p(
      'Le S&P 500 a clôturé vendredi à un plus haut historique, emmené par la technologie et les services de communication. Le Nasdaq 100 a aussi progressé, tandis que le Dow Jones a avancé plus modestement.',
      'La baisse des rendements obligataires et de solides résultats ont soutenu le moral des investisseurs. Les stratégistes notent que la hausse s’élargit à davantage de secteurs.',
    ),
  },
  'china-pmi': {
    title: 'L’activité manufacturière chinoise renoue avec la croissance',
    desc: 'L’indice PMI officiel repasse au-dessus de 50 et soutient les devises liées à la demande chinoise.',
    content: p(
      'L’indice officiel des directeurs d’achat du secteur manufacturier chinois est repassé au-dessus de 50, seuil entre expansion et contraction, pour la première fois depuis plusieurs mois. Les nouvelles commandes à l’export se sont améliorées.',
      'Le dollar australien, souvent utilisé comme indicateur de la demande chinoise, a progressé face au dollar américain. Les métaux industriels comme le cuivre ont également monté.',
    ),
  },
  'restricted-countries': {
    title: 'Avis sur la disponibilité des services',
    desc: 'Nos services ne sont pas proposés aux résidents de {{restricted_count}} pays.',
    content: p(
      'Conformément aux sanctions internationales et aux réglementations locales, Meridian ne propose pas ses services aux résidents de {{restricted_count}} pays.',
      'Si vous résidez dans l’un de ces pays, vous ne pouvez ni ouvrir de compte ni utiliser nos services. Nous pouvons demander à tout moment un justificatif de domicile et fermer les comptes qui ne respectent pas cette condition.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Les cryptomonnaies se négocient désormais 24 h/24',
    desc: 'Bitcoin, Ethereum, Solana et XRP sont négociables 24 heures sur 24, 7 jours sur 7.',
    content: p(
      'Les instruments crypto sont désormais ouverts à la négociation 24 heures sur 24, week-ends compris. Le forex, les métaux, l’énergie et les indices conservent leurs horaires habituels.',
      'La liquidité peut être plus faible le week-end et les prix peuvent varier rapidement. Vérifiez les exigences de marge de chaque instrument avant de passer un ordre.',
    ),
  },
  'risk-warning': {
    title: 'Avertissement sur les risques : trading avec effet de levier',
    desc: 'Les produits à effet de levier comportent un risque élevé et ne conviennent pas à tous les investisseurs.',
    content: p(
      'Les contrats sur différence sont des instruments complexes qui présentent un risque élevé de perte rapide en raison de l’effet de levier. Le levier amplifie aussi bien les gains que les pertes.',
      'Ne négociez qu’avec des fonds que vous pouvez vous permettre de perdre, utilisez des ordres stop et assurez-vous de comprendre le fonctionnement de la marge et de la liquidation. Les performances passées ne préjugent pas des résultats futurs.',
    ),
  },
};
