import { type ArticleTexts, paragraphs as p } from '../articles';

export const de: ArticleTexts = {
  'fed-holds-rates': {
    title: 'Fed belässt Leitzins und mahnt zur Geduld',
    desc: 'Die US-Notenbank ließ den Leitzins unverändert und will mehr Belege für eine nachlassende Inflation sehen.',
    content: p(
      'Die US-Notenbank Fed hat ihren Leitzins am Mittwoch wie erwartet unverändert gelassen. Die Währungshüter bezeichneten den Arbeitsmarkt als robust; die Inflation sei zwar gesunken, liege aber weiter über dem Ziel von 2 %.',
      'Der Dollar legte nach der Erklärung leicht zu, da Händler Wetten auf eine Senkung bei der nächsten Sitzung zurückfuhren. Die Renditen von US-Staatsanleihen stiegen leicht, US-Indexfutures gaben frühere Gewinne teilweise ab.',
    ),
  },
  'gold-record': {
    title: 'Gold steigt auf Rekordhoch, Realzinsen geben nach',
    desc: 'Sinkende Realzinsen und Käufe der Notenbanken stützen die Nachfrage nach dem Edelmetall.',
    content: p(
      'Gold kletterte am Dienstag auf ein neues Allzeithoch; im laufenden Quartal summiert sich das Plus auf mehr als 10 %. Niedrigere inflationsbereinigte Renditen senken die Kosten, ein Metall ohne Zinsertrag zu halten.',
      'Analysten verweisen zudem auf stetige Käufe der Zentralbanken und Zuflüsse in goldgedeckte Fonds. Silber folgte Gold nach oben, Platin trat auf der Stelle.',
    ),
  },
  'oil-inventories': {
    title: 'Ölpreis fällt nach überraschendem Lageraufbau in den USA',
    desc: 'Die Rohölpreise gaben nach, weil die Lagerbestände stiegen, obwohl Analysten mit einem Abbau gerechnet hatten.',
    content: p(
      'WTI verbilligte sich um mehr als 1 %, nachdem die US-Energiebehörde EIA einen unerwarteten Anstieg der kommerziellen Rohölvorräte in der Vorwoche gemeldet hatte. Analysten hatten einen Rückgang um rund zwei Millionen Barrel erwartet.',
      'Auch die Benzinvorräte stiegen, da die Nachfrage zum Ende der Reisesaison nachließ. Brent folgte WTI nach unten, Versorgungsrisiken im Nahen Osten begrenzten jedoch die Verluste.',
    ),
  },
  'btc-etf-flows': {
    title: 'Bitcoin-ETFs verbuchen dritte Woche in Folge Zuflüsse',
    desc: 'Spot-Bitcoin-Fonds sammelten die dritte Woche in Folge frisches Geld ein und stützten den Kurs.',
    content: p(
      'In den USA notierte Spot-Bitcoin-ETFs verzeichneten laut Fondsflussdaten die dritte Woche in Folge Nettozuflüsse. Die größten Produkte sammelten zusammen mehr als eine Milliarde Dollar ein.',
      'Die Nachfrage institutioneller Anleger glich Gewinnmitnahmen langfristiger Halter aus, Bitcoin hielt sich nahe den jüngsten Hochs. Die Volatilität bleibt hoch; Händler beobachten den Optionsmarkt vor dem monatlichen Verfall.',
    ),
  },
  'eurusd-outlook': {
    title: 'EUR/USD-Ausblick: EZB-Sitzung im Mittelpunkt',
    desc: 'Der Euro bewegt sich vor dem Zinsentscheid der Europäischen Zentralbank in einer engen Spanne.',
    content: p(
      'EUR/USD pendelte diese Woche in einer engen Spanne, während Händler auf die Europäische Zentralbank warten. Ökonomen erwarten unveränderte Zinsen; im Fokus stehen Hinweise auf das Tempo künftiger Senkungen.',
      'Ein vorsichtiger Ton der EZB könnte den Euro Richtung jüngster Hochs heben, ein Signal für schnellere Lockerung würde das Paar belasten. Unterstützung wird nahe dem 50-Tage-Durchschnitt gesehen.',
    ),
  },
  'chip-earnings': {
    title: 'Chiphersteller übertrifft Erwartungen und hebt Prognose an',
    desc: 'Starke Nachfrage nach Rechenzentrumsprozessoren trieb den Quartalsumsatz deutlich über die Prognosen.',
    content: p(
      'Ein führender US-Chipentwickler meldete Quartalsumsatz und -gewinn über den Analystenschätzungen, getragen von der Nachfrage nach KI-Prozessoren in Rechenzentren.',
      'Das Unternehmen hob seine Prognose für das laufende Quartal an, die Aktie stieg im nachbörslichen Handel. Die Zahlen stützten die Futures auf den Nasdaq 100, in dem Halbleiterwerte ein hohes Gewicht haben.',
    ),
  },
  'yen-intervention': {
    title: 'Yen fällt über 155 – Händler wägen Interventionsrisiko ab',
    desc: 'USD/JPY stieg auf ein Mehrmonatshoch, japanische Vertreter warnten.',
    content: p(
      'Der Yen rutschte über die Marke von 155 je Dollar und damit auf den schwächsten Stand seit Monaten, da der große Zinsabstand zwischen den USA und Japan weiter auf der Währung lastet.',
      'Japans oberster Währungshüter sagte, die Behörden beobachteten die Bewegungen mit großer Dringlichkeit – eine Formulierung, die früheren Interventionen vorausging. Händler rechnen mit abrupten Gegenbewegungen.',
    ),
  },
  'uk-inflation': {
    title: 'Britische Inflation sinkt stärker als erwartet, Pfund gibt nach',
    desc: 'Der nachlassende Preisauftrieb stärkt die Argumente für eine Zinssenkung der Bank of England.',
    content: p(
      'Die Verbraucherpreisinflation in Großbritannien ging im Vormonat stärker zurück als von Ökonomen erwartet, begünstigt durch niedrigere Energie- und Lebensmittelpreise. Auch die von der Bank of England genau beobachtete Dienstleistungsinflation sank.',
      'Das Pfund verlor gegenüber Dollar und Euro, da die Märkte die Wahrscheinlichkeit einer Zinssenkung bei der nächsten Sitzung höher einpreisten. Die Renditen britischer Staatsanleihen fielen über alle Laufzeiten.',
    ),
  },
  'ether-upgrade': {
    title: 'Ether legt vor Netzwerk-Upgrade zu',
    desc: 'Die zweitgrößte Kryptowährung entwickelte sich besser als Bitcoin, nachdem der Upgrade-Termin feststand.',
    content: p(
      'Ether stieg auf Wochensicht um mehr als 6 %, nachdem Ethereum-Entwickler den Termin des nächsten Netzwerk-Upgrades bestätigt hatten. Es soll die Transaktionskosten für Layer-2-Netzwerke senken.',
      'Die Rally hob das Verhältnis ETH/BTC auf ein Monatshoch. Analysten mahnen, dass Kurse nach Abschluss eines Upgrades häufig zurückgehen.',
    ),
  },
  'opec-output': {
    title: 'OPEC+ verlängert Förderkürzungen ins nächste Quartal',
    desc: 'Die Förderländer einigten sich, die freiwilligen Kürzungen drei weitere Monate beizubehalten.',
    content: p(
      'Die Mitglieder von OPEC+ verständigten sich darauf, ihre freiwilligen Förderkürzungen bis ins nächste Quartal zu verlängern, und verwiesen auf unsichere Nachfrageaussichten. Der Schritt war weitgehend erwartet worden.',
      'Brent stieg nach der Ankündigung leicht. Analysten zufolge wird die Fähigkeit der Gruppe, das Angebot knapp zu halten, auf die Probe gestellt, falls die Förderung außerhalb der OPEC weiter wächst.',
    ),
  },
  'sp500-record': {
    title: 'S&P 500 schließt auf Rekordhoch, Technologie vorn',
    desc: 'US-Aktien stiegen den vierten Tag in Folge, getragen von Technologiewerten und sinkenden Renditen.',
    content: p(
      'Der S&P 500 schloss am Freitag auf einem Allzeithoch, angeführt von Technologie- und Kommunikationswerten. Auch der Nasdaq 100 legte zu, der Dow Jones stieg moderater.',
      'Fallende Anleiherenditen und solide Unternehmenszahlen stützten die Stimmung. Strategen stellen fest, dass sich die Marktbreite verbessert und mehr Sektoren an der Rally teilnehmen.',
    ),
  },
  'china-pmi': {
    title: 'Chinas Industrie wächst wieder, Australischer Dollar profitiert',
    desc: 'Der offizielle Einkaufsmanagerindex stieg über 50 und stützte Währungen, die an Chinas Nachfrage hängen.',
    content: p(
      'Chinas offizieller Einkaufsmanagerindex für die Industrie stieg erstmals seit Monaten über die Marke von 50, die Wachstum von Schrumpfung trennt. Auch die Exportaufträge zogen an.',
      'Der Australische Dollar, der oft als Gradmesser für die chinesische Nachfrage gehandelt wird, stieg gegenüber dem US-Dollar. Industriemetalle wie Kupfer verteuerten sich ebenfalls.',
    ),
  },
  'restricted-countries': {
    title: 'Hinweis zur Verfügbarkeit unserer Dienste',
    desc: 'Einwohnern von {{restricted_count}} Ländern werden unsere Dienste nicht angeboten.',
    content: p(
      'Gemäß internationalen Sanktionen und örtlichen Vorschriften bietet Meridian seine Dienste Einwohnern von {{restricted_count}} Ländern nicht an.',
      'Wenn Sie in einem dieser Länder ansässig sind, dürfen Sie kein Konto eröffnen und unsere Dienste nicht nutzen. Wir können jederzeit einen Wohnsitznachweis verlangen und Konten schließen, die diese Anforderung nicht erfüllen.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Krypto-Handel rund um die Uhr',
    desc: 'Bitcoin, Ethereum, Solana und XRP sind jetzt 24 Stunden am Tag, 7 Tage die Woche handelbar.',
    content: p(
      'Kryptowerte können jetzt rund um die Uhr gehandelt werden, auch am Wochenende. Devisen, Metalle, Energie und Indizes behalten ihre üblichen Handelszeiten.',
      'Bitte beachten Sie, dass die Liquidität am Wochenende geringer sein kann und sich Kurse schnell bewegen können. Prüfen Sie vor jeder Order die Margin-Anforderungen des Instruments.',
    ),
  },
  'risk-warning': {
    title: 'Risikohinweis: Handel mit Hebel',
    desc: 'Gehebelte Produkte sind mit hohen Risiken verbunden und nicht für jeden Anleger geeignet.',
    content: p(
      'Differenzkontrakte sind komplexe Instrumente und bergen aufgrund der Hebelwirkung ein hohes Risiko, schnell Geld zu verlieren. Der Hebel vergrößert Gewinne wie Verluste.',
      'Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können, nutzen Sie Stop-Loss-Orders und machen Sie sich mit Margin und Zwangsglattstellung vertraut. Vergangene Wertentwicklungen sind kein verlässlicher Indikator für künftige Ergebnisse.',
    ),
  },
};
