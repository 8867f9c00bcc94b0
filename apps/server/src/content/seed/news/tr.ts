import { type ArticleTexts, paragraphs as p } from '../articles';

export const tr: ArticleTexts = {
  'fed-holds-rates': {
    title: 'Fed faizi sabit tuttu, sabır mesajı verdi',
    desc: 'ABD Merkez Bankası politika faizini değiştirmedi ve enflasyonun gerilediğine dair daha fazla kanıt istediğini söyledi.',
    content: p(
      'ABD Merkez Bankası (Fed) çarşamba günü beklentilere paralel olarak politika faizini sabit tuttu. Yetkililer işgücü piyasasının güçlü kaldığını, enflasyonun düşse de %2 hedefinin üzerinde seyrettiğini belirtti.',
      'Açıklamanın ardından yatırımcılar bir sonraki toplantıda indirim beklentilerini azaltınca dolar hafif yükseldi. ABD tahvil getirileri biraz arttı, ABD endeks vadelileri önceki kazançlarını geri verdi.',
    ),
  },
  'gold-record': {
    title: 'Reel getiriler gerilerken altın rekor kırdı',
    desc: 'Düşen reel getiriler ve merkez bankası alımları talebi destekleyince altın yükselişini sürdürdü.',
    content: p(
      'Altın salı günü yeni bir tüm zamanların zirvesine çıktı ve bu çeyrekteki yükselişi %10’u aştı. Enflasyona göre düzeltilmiş getirilerin düşmesi, faiz getirmeyen bir metali tutmanın maliyetini azaltıyor.',
      'Analistler merkez bankalarının düzenli alımlarına ve altına dayalı fonlara giren paraya da dikkat çekiyor. Gümüş altını izleyerek yükselirken platin yatay seyretti.',
    ),
  },
  'oil-inventories': {
    title: 'ABD ham petrol stoklarındaki sürpriz artışla petrol geriledi',
    desc: 'Resmi veriler stokların arttığını gösterince, düşüş bekleyen piyasada petrol fiyatları geriledi.',
    content: p(
      'ABD Enerji Bilgi İdaresi geçen hafta ticari ham petrol stoklarında beklenmedik bir artış olduğunu açıklayınca WTI %1’den fazla düştü. Analistler yaklaşık iki milyon varillik düşüş bekliyordu.',
      'Seyahat sezonunun sonunda talep zayıflayınca benzin stokları da arttı. Brent WTI’yı izleyerek düştü, ancak Orta Doğu’daki arz riskleri kayıpları sınırladı.',
    ),
  },
  'btc-etf-flows': {
    title: 'Bitcoin ETF’leri üst üste üçüncü hafta giriş kaydetti',
    desc: 'Spot bitcoin fonları üçüncü hafta da yeni para çekerek fiyatı son zirvelerin yakınında tuttu.',
    content: p(
      'Fon akış verilerine göre ABD’de işlem gören spot bitcoin ETF’leri üst üste üçüncü hafta net giriş kaydetti. En büyük ürünler toplamda bir milyar dolardan fazla para çekti.',
      'Kurumsal talep uzun vadeli yatırımcıların kâr satışlarını dengeledi ve bitcoin son zirvelerinin yakınında kaldı. Oynaklık yüksek seyrederken yatırımcılar aylık vade öncesinde opsiyon piyasasını izliyor.',
    ),
  },
  'eurusd-outlook': {
    title: 'EUR/USD görünümü: gözler ECB toplantısında',
    desc: 'Euro, Avrupa Merkez Bankası kararı öncesinde dar bir bantta işlem görüyor.',
    content: p(
      'EUR/USD bu hafta yatırımcılar Avrupa Merkez Bankası’nı beklerken dar bir bantta hareket etti. Ekonomistler faizin sabit kalmasını bekliyor; dikkatler gelecekteki indirimlerin hızına dair ipuçlarında.',
      'ECB’nin temkinli bir ton benimsemesi euroyu son zirvelerine taşıyabilir, daha hızlı gevşeme sinyali ise pariteyi baskılar. Desteğin 50 günlük hareketli ortalama civarında olması bekleniyor.',
    ),
  },
  'chip-earnings': {
    title: 'Çip üreticisi beklentileri aştı, tahminlerini yükseltti',
    desc: 'Veri merkezi işlemcilerine yönelik güçlü talep çeyreklik geliri tahminlerin çok üzerine taşıdı.',
    content: p(
      'ABD’nin önde gelen çip tasarımcılarından biri, veri merkezlerindeki yapay zekâ işlemcisi talebinin etkisiyle analist beklentilerini aşan çeyreklik gelir ve kâr açıkladı.',
      'Şirket içinde bulunulan çeyrek için beklentisini yükseltti ve hisseleri seans sonrası işlemlerde yükseldi. Sonuçlar, yarı iletken hisselerinin ağırlığının yüksek olduğu Nasdaq 100 vadelilerini destekledi.',
    ),
  },
  'yen-intervention': {
    title: 'Yen 155’in ötesine zayıfladı, müdahale riski tartılıyor',
    desc: 'USD/JPY birkaç ayın zirvesine çıkınca Japon yetkililer uyarıda bulundu.',
    content: p(
      'ABD ile Japonya arasındaki geniş faiz farkı para birimi üzerinde baskı oluşturmayı sürdürürken yen dolar karşısında 155’in ötesine geriledi ve son ayların en zayıf seviyesine indi.',
      'Japonya’nın en üst düzey kur yetkilisi, hareketleri yüksek bir aciliyet duygusuyla izlediklerini söyledi; bu ifade geçmişte müdahalelerden önce kullanılmıştı. Yatırımcılar ani dönüşlere karşı temkinli.',
    ),
  },
  'uk-inflation': {
    title: 'İngiltere’de enflasyon beklenenden fazla yavaşladı, sterlin geriledi',
    desc: 'Fiyat artışlarının yavaşlaması İngiltere Merkez Bankası’nın faiz indirimi olasılığını güçlendirdi.',
    content: p(
      'İngiltere’de tüketici fiyat enflasyonu geçen ay enerji ve gıda fiyatlarındaki düşüşün etkisiyle ekonomistlerin beklediğinden fazla yavaşladı. İngiltere Merkez Bankası’nın yakından izlediği hizmet enflasyonu da geriledi.',
      'Piyasalar bir sonraki toplantıda faiz indirimi olasılığını artırınca sterlin dolar ve euro karşısında düştü. İngiltere devlet tahvili getirileri tüm vadelerde geriledi.',
    ),
  },
  'ether-upgrade': {
    title: 'Ağ güncellemesi öncesinde ether yükseldi',
    desc: 'Geliştiriciler güncelleme tarihini doğrulayınca ikinci büyük kripto para bitcoin’den iyi performans gösterdi.',
    content: p(
      'Ethereum geliştiricilerinin, katman 2 ağlarının işlem maliyetlerini düşürmeyi amaçlayan bir sonraki ağ güncellemesinin tarihini doğrulamasının ardından ether haftalık bazda %6’dan fazla yükseldi.',
      'Yükseliş ETH/BTC oranını son bir ayın en yüksek seviyesine taşıdı. Analistler, fiyatların güncelleme tamamlandıktan sonra sık sık geri çekildiği uyarısında bulunuyor.',
    ),
  },
  'opec-output': {
    title: 'OPEC+ üretim kesintilerini gelecek çeyreğe uzattı',
    desc: 'Üretici grup gönüllü kesintileri üç ay daha sürdürme konusunda anlaştı.',
    content: p(
      'OPEC+ üyeleri, talep büyümesine ilişkin belirsizliği gerekçe göstererek gönüllü üretim kesintilerini gelecek çeyreğe uzatma konusunda anlaştı. Karar piyasada büyük ölçüde bekleniyordu.',
      'Açıklamanın ardından Brent hafif yükseldi. Analistlere göre OPEC dışı üretim artmaya devam ederse grubun arzı sıkı tutma gücü sınanacak.',
    ),
  },
  'sp500-record': {
    title: 'S&P 500 teknoloji öncülüğünde rekorla kapandı',
    desc: 'Teknoloji hisseleri ve gerileyen getirilerle ABD borsaları dördüncü seansta da yükseldi.',
    content: p(
      'S&P 500 endeksi cuma günü teknoloji ve iletişim hizmetleri hisselerinin öncülüğünde tüm zamanların en yüksek seviyesinden kapandı. Nasdaq 100 de yükselirken Dow Jones daha sınırlı kazanç sağladı.',
      'Düşen ABD tahvil getirileri ve güçlü bilançolar piyasa havasını destekledi. Stratejistler yükselişin daha fazla sektöre yayıldığını belirtiyor.',
    ),
  },
  'china-pmi': {
    title: 'Çin’de imalat yeniden büyümeye geçti, Avustralya doları yükseldi',
    desc: 'Resmi imalat PMI’ı 50’nin üzerine çıkarak Çin talebine bağlı para birimlerini destekledi.',
    content: p(
      'Çin’in resmi imalat satın alma yöneticileri endeksi, büyüme ile daralmayı ayıran 50 seviyesinin üzerine birkaç aydır ilk kez çıktı. Yeni ihracat siparişleri de iyileşti.',
      'Çin talebinin göstergesi olarak işlem gören Avustralya doları ABD doları karşısında değer kazandı. Bakır gibi endüstriyel metaller de yükseldi.',
    ),
  },
  'restricted-countries': {
    title: 'Hizmetlerin kullanılabilirliğine ilişkin duyuru',
    desc: 'Hizmetlerimiz {{restricted_count}} ülkenin sakinlerine sunulmamaktadır.',
    content: p(
      'Uluslararası yaptırımlar ve yerel düzenlemeler doğrultusunda Meridian, {{restricted_count}} ülkenin sakinlerine hizmet sunmamaktadır.',
      'Bu ülkelerden birinde ikamet ediyorsanız hesap açamaz ve hizmetlerimizi kullanamazsınız. Dilediğimiz zaman ikamet belgesi isteyebilir ve bu şartı karşılamayan hesapları kapatabiliriz.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Kripto işlemleri artık 7/24',
    desc: 'Bitcoin, Ethereum, Solana ve XRP artık haftanın 7 günü, günün 24 saati işlem görebilir.',
    content: p(
      'Kripto para enstrümanları artık hafta sonları dahil günün 24 saati işleme açık. Döviz, metaller, enerji ve endeksler olağan işlem saatlerini koruyor.',
      'Hafta sonları likiditenin daha düşük olabileceğini ve fiyatların hızla değişebileceğini lütfen unutmayın. Emir vermeden önce her enstrümanın teminat gereksinimlerini kontrol edin.',
    ),
  },
  'risk-warning': {
    title: 'Risk uyarısı: kaldıraçlı işlemler',
    desc: 'Kaldıraçlı ürünler yüksek risk taşır ve her yatırımcı için uygun olmayabilir.',
    content: p(
      'Fark sözleşmeleri karmaşık araçlardır ve kaldıraç nedeniyle hızla para kaybetme riski yüksektir. Kaldıraç hem kârı hem zararı büyütür.',
      'Yalnızca kaybetmeyi göze alabileceğiniz parayla işlem yapın, zarar durdur emirleri kullanın ve teminat ile zorunlu pozisyon kapatmanın nasıl işlediğini anlayın. Geçmiş performans gelecekteki sonuçların güvenilir bir göstergesi değildir.',
    ),
  },
};
