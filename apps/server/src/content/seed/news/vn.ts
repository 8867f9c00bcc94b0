import { type ArticleTexts, paragraphs as p } from '../articles';

export const vn: ArticleTexts = {
  'fed-holds-rates': {
    title: 'Fed giữ nguyên lãi suất, phát tín hiệu kiên nhẫn',
    desc: 'Cục Dự trữ Liên bang giữ nguyên lãi suất và cho biết cần thêm bằng chứng lạm phát đang hạ nhiệt.',
    content: p(
      'Cục Dự trữ Liên bang Mỹ (Fed) giữ nguyên lãi suất cơ bản hôm thứ Tư, đúng như dự báo. Các nhà hoạch định chính sách cho biết thị trường lao động vẫn vững, còn lạm phát dù đã giảm vẫn cao hơn mục tiêu 2%.',
      'Đồng USD nhích lên sau tuyên bố khi giới giao dịch giảm đặt cược vào việc cắt giảm lãi suất tại cuộc họp tới. Lợi suất trái phiếu Mỹ tăng nhẹ và hợp đồng tương lai chỉ số chứng khoán Mỹ thu hẹp mức tăng.',
    ),
  },
  'gold-record': {
    title: 'Vàng lập kỷ lục mới khi lợi suất thực giảm',
    desc: 'Vàng nối dài đà tăng nhờ lợi suất thực giảm và hoạt động mua của các ngân hàng trung ương.',
    content: p(
      'Giá vàng tăng lên mức cao nhất mọi thời đại hôm thứ Ba, nâng mức tăng trong quý lên hơn 10%. Lợi suất sau điều chỉnh lạm phát thấp hơn làm giảm chi phí nắm giữ kim loại không trả lãi.',
      'Các nhà phân tích cũng chỉ ra lực mua đều đặn của ngân hàng trung ương và dòng tiền vào các quỹ vàng. Bạc tăng theo vàng, trong khi bạch kim gần như đi ngang.',
    ),
  },
  'oil-inventories': {
    title: 'Giá dầu giảm sau khi tồn kho dầu thô Mỹ tăng bất ngờ',
    desc: 'Giá dầu giảm khi số liệu chính phủ cho thấy tồn kho tăng, trái với dự báo giảm.',
    content: p(
      'Dầu WTI giảm hơn 1% sau khi Cơ quan Thông tin Năng lượng Mỹ báo cáo tồn kho dầu thô thương mại tuần trước tăng bất ngờ. Giới phân tích đã dự báo giảm khoảng hai triệu thùng.',
      'Tồn kho xăng cũng tăng khi nhu cầu chững lại vào cuối mùa du lịch. Dầu Brent giảm theo WTI, dù rủi ro nguồn cung ở Trung Đông hạn chế đà giảm.',
    ),
  },
  'btc-etf-flows': {
    title: 'ETF bitcoin có tuần thứ ba liên tiếp hút vốn',
    desc: 'Các quỹ bitcoin giao ngay thu hút thêm vốn tuần thứ ba, giúp giá giữ gần đỉnh gần đây.',
    content: p(
      'Theo dữ liệu dòng vốn, các quỹ ETF bitcoin giao ngay niêm yết tại Mỹ ghi nhận dòng tiền vào ròng tuần thứ ba liên tiếp. Các sản phẩm lớn nhất thu hút tổng cộng hơn một tỷ USD.',
      'Nhu cầu từ tổ chức bù đắp lực chốt lời của người nắm giữ dài hạn, giúp bitcoin giữ gần mức đỉnh gần đây. Biến động vẫn cao và giới giao dịch theo dõi thị trường quyền chọn trước kỳ đáo hạn tháng.',
    ),
  },
  'eurusd-outlook': {
    title: 'Triển vọng EUR/USD: cuộc họp ECB là tâm điểm',
    desc: 'Đồng euro giao dịch trong biên độ hẹp trước quyết định của Ngân hàng Trung ương châu Âu.',
    content: p(
      'EUR/USD dao động trong biên độ hẹp tuần này khi giới giao dịch chờ Ngân hàng Trung ương châu Âu (ECB). Các nhà kinh tế dự báo lãi suất được giữ nguyên, với sự chú ý dồn vào tín hiệu về tốc độ cắt giảm sắp tới.',
      'Giọng điệu thận trọng từ ECB có thể đẩy euro lên gần đỉnh gần đây, còn tín hiệu nới lỏng nhanh hơn sẽ gây áp lực lên tỷ giá. Vùng hỗ trợ nằm gần đường trung bình động 50 ngày.',
    ),
  },
  'chip-earnings': {
    title: 'Hãng chip vượt dự báo lợi nhuận và nâng triển vọng',
    desc: 'Nhu cầu mạnh với bộ xử lý trung tâm dữ liệu đưa doanh thu quý vượt xa dự báo.',
    content: p(
      'Một hãng thiết kế chip hàng đầu của Mỹ công bố doanh thu và lợi nhuận quý cao hơn dự báo của giới phân tích, nhờ nhu cầu bộ xử lý trí tuệ nhân tạo trong các trung tâm dữ liệu.',
      'Công ty nâng dự báo cho quý hiện tại và cổ phiếu tăng trong giao dịch ngoài giờ. Kết quả này kéo hợp đồng tương lai Nasdaq 100 đi lên, nơi cổ phiếu bán dẫn chiếm tỷ trọng lớn.',
    ),
  },
  'yen-intervention': {
    title: 'Yên yếu qua mốc 155, thị trường cân nhắc rủi ro can thiệp',
    desc: 'USD/JPY lên mức cao nhất nhiều tháng, khiến giới chức Nhật Bản lên tiếng cảnh báo.',
    content: p(
      'Đồng yên trượt qua mốc 155 yên đổi một USD, mức yếu nhất trong nhiều tháng, khi chênh lệch lãi suất lớn giữa Mỹ và Nhật tiếp tục gây sức ép.',
      'Quan chức tiền tệ hàng đầu của Nhật cho biết nhà chức trách đang theo dõi diễn biến với mức độ khẩn trương cao, cách diễn đạt từng xuất hiện trước các đợt can thiệp. Giới giao dịch dè chừng những cú đảo chiều mạnh.',
    ),
  },
  'uk-inflation': {
    title: 'Lạm phát Anh giảm hơn dự kiến, bảng Anh suy yếu',
    desc: 'Tăng trưởng giá tiêu dùng chậm lại, củng cố khả năng Ngân hàng Trung ương Anh cắt giảm lãi suất.',
    content: p(
      'Lạm phát giá tiêu dùng của Anh tháng trước giảm nhiều hơn dự báo nhờ giá năng lượng và thực phẩm hạ. Lạm phát dịch vụ, chỉ số được Ngân hàng Trung ương Anh theo dõi sát, cũng giảm.',
      'Đồng bảng giảm so với USD và euro khi thị trường nâng xác suất cắt giảm lãi suất tại cuộc họp tới. Lợi suất trái phiếu chính phủ Anh giảm trên mọi kỳ hạn.',
    ),
  },
  'ether-upgrade': {
    title: 'Ether tăng mạnh trước đợt nâng cấp mạng',
    desc: 'Đồng tiền số lớn thứ hai vượt trội bitcoin sau khi các nhà phát triển xác nhận ngày nâng cấp.',
    content: p(
      'Ether tăng hơn 6% trong tuần sau khi các nhà phát triển Ethereum xác nhận ngày nâng cấp mạng tiếp theo, nhằm giảm chi phí giao dịch cho các mạng lớp 2.',
      'Đà tăng đẩy tỷ lệ ETH/BTC lên mức cao nhất trong một tháng. Giới phân tích lưu ý giá thường điều chỉnh sau khi nâng cấp hoàn tất.',
    ),
  },
  'opec-output': {
    title: 'OPEC+ gia hạn cắt giảm sản lượng sang quý tới',
    desc: 'Nhóm các nước sản xuất đồng ý duy trì cắt giảm tự nguyện thêm ba tháng.',
    content: p(
      'Các thành viên OPEC+ đồng ý gia hạn cắt giảm sản lượng tự nguyện sang quý tới, với lý do bất định về tăng trưởng nhu cầu. Quyết định này nhìn chung đã được thị trường dự đoán.',
      'Dầu Brent tăng nhẹ sau thông báo. Giới phân tích cho rằng khả năng giữ nguồn cung thắt chặt của nhóm sẽ bị thử thách nếu sản lượng ngoài OPEC tiếp tục tăng.',
    ),
  },
  'sp500-record': {
    title: 'S&P 500 đóng cửa ở mức kỷ lục nhờ cổ phiếu công nghệ',
    desc: 'Chứng khoán Mỹ tăng phiên thứ tư nhờ cổ phiếu công nghệ và lợi suất hạ nhiệt.',
    content: p(
      'Chỉ số S&P 500 đóng cửa ở mức cao nhất mọi thời đại hôm thứ Sáu, dẫn dắt bởi nhóm công nghệ và dịch vụ truyền thông. Nasdaq 100 cũng tăng, còn Dow Jones tăng khiêm tốn hơn.',
      'Lợi suất trái phiếu Mỹ giảm và kết quả kinh doanh vững chắc hỗ trợ tâm lý thị trường. Các chiến lược gia nhận định độ rộng thị trường đã cải thiện với nhiều ngành cùng tham gia đà tăng.',
    ),
  },
  'china-pmi': {
    title: 'Sản xuất Trung Quốc trở lại tăng trưởng, đô la Úc hưởng lợi',
    desc: 'PMI sản xuất chính thức vượt 50, đẩy các đồng tiền gắn với nhu cầu Trung Quốc đi lên.',
    content: p(
      'Chỉ số nhà quản trị mua hàng (PMI) sản xuất chính thức của Trung Quốc vượt mốc 50, ngưỡng phân tách tăng trưởng và suy giảm, lần đầu sau nhiều tháng. Đơn hàng xuất khẩu mới cũng cải thiện.',
      'Đô la Úc, thường được giao dịch như thước đo nhu cầu Trung Quốc, tăng so với USD. Kim loại công nghiệp như đồng cũng tăng giá.',
    ),
  },
  'restricted-countries': {
    title: 'Thông báo về phạm vi cung cấp dịch vụ',
    desc: 'Chúng tôi không cung cấp dịch vụ cho cư dân của {{restricted_count}} quốc gia.',
    content: p(
      'Theo các lệnh trừng phạt quốc tế và quy định địa phương, Meridian không cung cấp dịch vụ cho cư dân của {{restricted_count}} quốc gia.',
      'Nếu bạn là cư dân của một trong các quốc gia này, bạn không được mở tài khoản hoặc sử dụng dịch vụ của chúng tôi. Chúng tôi có thể yêu cầu bằng chứng cư trú bất cứ lúc nào và đóng các tài khoản không đáp ứng yêu cầu.',
    ),
  },
  'crypto-around-the-clock': {
    title: 'Giao dịch tiền mã hóa suốt ngày đêm',
    desc: 'Bitcoin, Ethereum, Solana và XRP nay có thể giao dịch 24 giờ mỗi ngày, 7 ngày mỗi tuần.',
    content: p(
      'Các sản phẩm tiền mã hóa nay mở cửa giao dịch 24 giờ mỗi ngày, kể cả cuối tuần. Ngoại hối, kim loại, năng lượng và chỉ số vẫn giữ giờ giao dịch thông thường.',
      'Xin lưu ý thanh khoản cuối tuần có thể thấp hơn và giá có thể biến động nhanh. Vui lòng kiểm tra yêu cầu ký quỹ của từng sản phẩm trước khi đặt lệnh.',
    ),
  },
  'risk-warning': {
    title: 'Cảnh báo rủi ro: giao dịch đòn bẩy',
    desc: 'Sản phẩm đòn bẩy có rủi ro cao và có thể không phù hợp với mọi nhà đầu tư.',
    content: p(
      'Hợp đồng chênh lệch (CFD) là công cụ phức tạp, có rủi ro cao mất tiền nhanh do đòn bẩy. Đòn bẩy khuếch đại cả lợi nhuận lẫn thua lỗ.',
      'Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất, sử dụng lệnh cắt lỗ và hiểu rõ cơ chế ký quỹ và đóng vị thế bắt buộc. Kết quả trong quá khứ không phải là chỉ báo đáng tin cậy cho tương lai.',
    ),
  },
};
