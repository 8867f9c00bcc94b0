import { type ArticleTexts, paragraphs as p } from '../articles';

export const it: ArticleTexts = {
  'fed-holds-rates': {
    title: 'La Fed lascia i tassi invariati e invita alla pazienza',
    desc: 'La Federal Reserve ha mantenuto il tasso di riferimento e vuole altre prove che l’inflazione stia rallentando.',
    content: p(
      'Mercoledì la Federal Reserve statunitense ha lasciato invariato il tasso di riferimento, come previsto. I responsabili hanno detto che il mercato del lavoro resta solido e che l’inflazione, pur in calo, è ancora sopra l’obiettivo del 2%.',
      'Il dollaro è salito leggermente dopo il comunicato, con gli operatori che hanno ridotto le scommesse su un taglio alla prossima riunione. I rendimenti dei Treasury sono saliti di poco e i futures sugli indici USA hanno ridotto i guadagni.',
    ),
  },
  'gold-record': {
    title: 'L’oro tocca un record mentre calano i rendimenti reali',
    desc: 'Il metallo prolunga il rialzo, sostenuto dal calo dei rendimenti reali e dagli acquisti delle banche centrali.',
    content: p(
      'Martedì l’oro ha raggiunto un nuovo massimo storico, portando il rialzo del trimestre oltre il 10%. Rendimenti corretti per l’inflazione più bassi riducono il costo di detenere un metallo che non paga interessi.',
      'Gli analisti citano anche gli acquisti costanti delle banche centrali e gli afflussi nei fondi garantiti da oro. L’argento ha seguito l’oro al rialzo, mentre il platino è rimasto stabile.',
    ),
  },
  'oil-inventories': {
    title: 'Il petrolio scende dopo un aumento a sorpresa delle scorte USA',
    desc: 'Il greggio è calato dopo che i dati ufficiali hanno mostrato scorte in aumento anziché in calo.',
    content: p(
      'Il WTI ha perso oltre l’1% dopo che l’Energy Information Administration ha segnalato un aumento inatteso delle scorte commerciali di greggio la scorsa settimana. Gli analisti prevedevano un calo di circa due milioni di barili.',
      'Anche le scorte di benzina sono aumentate per la domanda più debole a fine stagione estiva. Il Brent ha seguito il WTI, ma i rischi sulle forniture in Medio Oriente hanno limitato le perdite.',
    ),
  },
  'btc-etf-flows': {
    title: 'Gli ETF sul bitcoin registrano la terza settimana di afflussi',
    desc: 'I fondi spot sul bitcoin hanno raccolto nuovi capitali per la terza settimana, sostenendo il prezzo.',
    content: p(
      'Gli ETF spot sul bitcoin quotati negli Stati Uniti hanno registrato afflussi netti per la terza settimana consecutiva, secondo i dati sui flussi. I prodotti principali hanno raccolto insieme oltre un miliardo di dollari.',
      'La domanda istituzionale ha compensato le prese di profitto dei detentori di lungo periodo e il bitcoin è rimasto vicino ai massimi recenti. La volatilità resta elevata in vista della scadenza mensile delle opzioni.',
    ),
  },
  'eurusd-outlook': {
    title: 'Prospettive EUR/USD: riflettori sulla riunione della BCE',
    desc: 'L’euro si muove in un intervallo ristretto in attesa della decisione della Banca centrale europea.',
    content: p(
      'Questa settimana l’EUR/USD è rimasto in un intervallo ristretto in attesa della BCE. Gli economisti prevedono tassi invariati, con l’attenzione rivolta a indicazioni sul ritmo dei prossimi tagli.',
      'Un tono prudente della BCE potrebbe spingere l’euro verso i massimi recenti, mentre un segnale di allentamento più rapido metterebbe sotto pressione il cambio. Un supporto è atteso vicino alla media mobile a 50 giorni.',
    ),
  },
  'chip-earnings': {
    title: 'Produttore di chip batte le stime e alza le previsioni',
    desc: 'La forte domanda di processori per data center ha spinto i ricavi trimestrali ben oltre le attese.',
    content: p(
      'Un importante progettista statunitense di chip ha riportato ricavi e utili trimestrali superiori alle stime degli analisti, grazie alla domanda di processori per l’intelligenza artificiale nei data center.',
      'La società ha alzato le previsioni per il trimestre in corso e il titolo è salito negli scambi after-hours. I risultati hanno sostenuto i futures sul Nasdaq 100, dove i semiconduttori hanno un peso rilevante.',
    ),
  },
  'yen-intervention': {
    title: 'Lo yen supera quota 155, il mercato valuta il rischio di intervento',
    desc: 'L’USD/JPY è salito ai massimi da mesi, provocando avvertimenti dalle autorità giapponesi.',
    content: p(
      'Lo yen è scivolato oltre 155 per dollaro, il livello più debole da mesi, mentre l’ampio differenziale dei tassi tra Stati Uniti e Giappone continua a pesare sulla valuta.',
      'Il massimo responsabile valutario giapponese ha detto che le autorità seguono i movimenti con un forte senso di urgenza, parole che in passato hanno preceduto interventi. Gli operatori temono inversioni improvvise.',
    ),
  },
  'uk-inflation': {
    title: 'L’inflazione britannica rallenta più del previsto, la sterlina cede',
    desc: 'Il rallentamento dei prezzi rafforza l’ipotesi di un taglio dei tassi della Banca d’Inghilterra.',
    content: p(
      'L’inflazione dei prezzi al consumo nel Regno Unito è rallentata il mese scorso più di quanto previsto, grazie al calo dei prezzi di energia e alimentari. Anche l’inflazione dei servizi, seguita da vicino dalla Banca d’Inghilterra, è diminuita.',
      'La sterlina è scesa contro dollaro ed euro, con i mercati che hanno alzato la probabilità di un taglio alla prossima riunione. I rendimenti dei titoli di Stato britannici sono calati su tutte le scadenze.',
    ),
  },
  'ether-upgrade': {
    title: 'L’ether vola in vista dell’aggiornamento della rete',
    desc: 'La seconda criptovaluta ha fatto meglio del bitcoin dopo la conferma della data dell’aggiornamento.',
    content: p(
      'L’ether è salito di oltre il 6% nella settimana dopo che gli sviluppatori di Ethereum hanno confermato la data del prossimo aggiornamento della rete, pensato per ridurre i costi delle reti di secondo livello.',
      'Il rialzo ha portato il rapporto ETH/BTC al livello più alto in un mese. Gli analisti avvertono che i prezzi spesso arretrano una volta completato l’aggiornamento.',
    ),
  },
  'opec-output': {
    title: 'L’OPEC+ proroga i tagli alla produzione al prossimo trimestre',
    desc: 'Il gruppo dei produttori ha concordato di mantenere i tagli volontari per altri tre mesi.',
    content: p(
      'I membri dell’OPEC+ hanno concordato di prorogare i tagli volontari alla produzione fino al prossimo trimestre, citando l’incertezza sulla crescita della domanda. La decisione era ampiamente attesa.',
      'Il Brent è salito leggermente dopo l’annuncio. Secondo gli analisti, la capacità del gruppo di mantenere l’offerta scarsa sarà messa alla prova se la produzione fuori dall’OPEC continuerà a crescere.',
    ),
  },
  'sp500-record': {
    title: 'L’S&P 500 chiude a un record trainato dalla tecnologia',
    desc: 'Le azioni USA salgono per la quarta seduta grazie ai titoli tecnologici e al calo dei rendimenti.',
    content: p(
      'Venerdì l’S&P 500 ha chiuso a un massimo storico, guidato da tecnologia e servizi di comunicazione. Anche il Nasdaq 100 è salito, mentre il Dow Jones ha guadagnato in modo più contenuto.',
      'Il calo dei rendimenti dei Treasury e trimestrali solide hanno sostenuto il clima di fiducia. Gli strateghi notano che il rialzo si sta allargando a più settori.',
    ),
  },
  'china-pmi': {
    title: 'L’industria cinese torna a crescere e spinge il dollaro australiano',
    desc: 'Il PMI manifatturiero ufficiale è salito sopra 50, sostenendo le valute legate alla domanda cinese.',
    content: p(
      'L’indice ufficiale dei responsabili degli acquisti del settore manifatturiero cinese è tornato sopra quota 50, soglia tra espansione e contrazione, per la prima volta da diversi mesi. Sono migliorati anche i nuovi ordini all’export.',
      'Il dollaro australiano, spesso scambiato come indicatore della domanda cinese, è salito contro il dollaro USA. Anche i metalli industriali come il rame si sono apprezzati.',
    ),
  },
  'restricted-countries': {
    title: 'Avviso sulla disponibilità dei servizi',
    desc: 'I nostri servizi non sono offerti ai residenti di {{restricted_count}} paesi.',
    content: p(
      'In conformità con le sanzioni internazionali e le normative locali, Meridian non offre i propri servizi ai residenti di {{restricted_count}} paesi.',
      'Se risiedi in uno di questi paesi non puoi aprire un conto né utilizzare i nostri servizi. Possiamo richiedere in qualsiasi momento una prova di residenza e chiudere i conti che non soddisfano questo requisito.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Trading di criptovalute 24 ore su 24',
    desc: 'Bitcoin, Ethereum, Solana e XRP sono ora negoziabili 24 ore su 24, 7 giorni su 7.',
    content: p(
      'Gli strumenti in criptovalute sono ora negoziabili 24 ore su 24, weekend compresi. Forex, metalli, energia e indici mantengono i consueti orari di negoziazione.',
      'Nel weekend la liquidità può essere più bassa e i prezzi possono muoversi rapidamente. Controlla i requisiti di margine di ogni strumento prima di inviare un ordine.',
    ),
  },
  'risk-warning': {
    title: 'Avvertenza sui rischi: trading con leva',
    desc: 'I prodotti a leva comportano un rischio elevato e potrebbero non essere adatti a tutti gli investitori.',
    content: p(
      'I contratti per differenza sono strumenti complessi e comportano un rischio elevato di perdere denaro rapidamente a causa della leva. La leva amplifica sia i profitti sia le perdite.',
      'Fai trading solo con denaro che puoi permetterti di perdere, usa ordini stop loss e assicurati di capire come funzionano margine e chiusura forzata. I risultati passati non sono un indicatore affidabile di quelli futuri.',
    ),
  },
};
