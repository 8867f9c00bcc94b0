import { isRtlLanguage, LANGUAGE_TAGS, type Language } from '@meridian/contract';

interface SupportText {
  title: string;
  intro: string;
  email: string;
  hours: string;
}

/** The built-in support page's words: what /mine/chat shows until an operator sets a chat service. */
const TEXT: Record<Language, SupportText> = {
  en: {
    title: 'Customer support',
    intro: 'Our support team helps with accounts, deposits, withdrawals and trading questions.',
    email: 'Write to us',
    hours:
      'Hours: 24 hours a day, Monday to Friday; weekends 09:00–18:00 UTC. We reply within one business day.',
  },
  hk: {
    title: '客戶支援',
    intro: '我們的支援團隊可協助處理帳戶、入金、出金及交易相關問題。',
    email: '電郵聯絡我們',
    hours: '服務時間：週一至週五 24 小時；週末 09:00–18:00（UTC）。我們會在一個工作日內回覆。',
  },
  cn: {
    title: '客户服务',
    intro: '我们的客服团队可协助处理账户、入金、出金及交易相关问题。',
    email: '发邮件联系我们',
    hours: '服务时间：周一至周五 24 小时；周末 09:00–18:00（UTC）。我们会在一个工作日内回复。',
  },
  jp: {
    title: 'カスタマーサポート',
    intro: 'サポートチームが口座、入金、出金、取引に関するご質問にお答えします。',
    email: 'メールでのお問い合わせ',
    hours: '受付時間：月曜〜金曜は24時間、週末は09:00〜18:00（UTC）。1営業日以内にご返信します。',
  },
  kr: {
    title: '고객 지원',
    intro: '지원팀이 계정, 입금, 출금 및 거래 관련 문의를 도와드립니다.',
    email: '이메일 문의',
    hours: '운영 시간: 월요일~금요일 24시간, 주말 09:00–18:00(UTC). 영업일 기준 1일 이내에 답변드립니다.',
  },
  th: {
    title: 'ฝ่ายบริการลูกค้า',
    intro: 'ทีมงานของเราพร้อมช่วยเหลือเรื่องบัญชี การฝาก การถอน และคำถามเกี่ยวกับการเทรด',
    email: 'ส่งอีเมลถึงเรา',
    hours: 'เวลาทำการ: จันทร์–ศุกร์ ตลอด 24 ชั่วโมง เสาร์–อาทิตย์ 09:00–18:00 (UTC) เราจะตอบกลับภายในหนึ่งวันทำการ',
  },
  vn: {
    title: 'Hỗ trợ khách hàng',
    intro: 'Đội ngũ hỗ trợ giúp bạn về tài khoản, nạp tiền, rút tiền và các câu hỏi giao dịch.',
    email: 'Gửi email cho chúng tôi',
    hours:
      'Giờ làm việc: 24 giờ từ thứ Hai đến thứ Sáu; cuối tuần 09:00–18:00 (UTC). Chúng tôi phản hồi trong vòng một ngày làm việc.',
  },
  fr: {
    title: 'Assistance clients',
    intro: 'Notre équipe vous aide pour votre compte, vos dépôts, vos retraits et vos questions de trading.',
    email: 'Écrivez-nous',
    hours:
      'Horaires : 24 h/24 du lundi au vendredi ; le week-end de 09:00 à 18:00 UTC. Réponse sous un jour ouvré.',
  },
  de: {
    title: 'Kundensupport',
    intro: 'Unser Support-Team hilft bei Fragen zu Konto, Einzahlungen, Auszahlungen und Handel.',
    email: 'Schreiben Sie uns',
    hours:
      'Erreichbar: Montag bis Freitag rund um die Uhr, am Wochenende 09:00–18:00 UTC. Antwort innerhalb eines Werktags.',
  },
  ru: {
    title: 'Служба поддержки',
    intro: 'Наша команда поможет с вопросами о счёте, пополнении, выводе средств и торговле.',
    email: 'Напишите нам',
    hours:
      'Часы работы: круглосуточно с понедельника по пятницу; в выходные 09:00–18:00 (UTC). Отвечаем в течение одного рабочего дня.',
  },
  spa: {
    title: 'Atención al cliente',
    intro: 'Nuestro equipo le ayuda con su cuenta, depósitos, retiros y preguntas sobre operaciones.',
    email: 'Escríbanos',
    hours:
      'Horario: 24 horas de lunes a viernes; fines de semana de 09:00 a 18:00 UTC. Le respondemos en un día hábil.',
  },
  pt: {
    title: 'Atendimento ao cliente',
    intro: 'Nossa equipe ajuda com conta, depósitos, saques e dúvidas sobre operações.',
    email: 'Escreva para nós',
    hours:
      'Horário: 24 horas de segunda a sexta; fins de semana das 09:00 às 18:00 UTC. Respondemos em até um dia útil.',
  },
  ar: {
    title: 'دعم العملاء',
    intro: 'يساعدك فريق الدعم في الحساب والإيداع والسحب وأسئلة التداول.',
    email: 'راسلنا عبر البريد الإلكتروني',
    hours:
      'ساعات العمل: على مدار 24 ساعة من الاثنين إلى الجمعة، وفي عطلة نهاية الأسبوع من 09:00 إلى 18:00 بتوقيت UTC. نرد خلال يوم عمل واحد.',
  },
  it: {
    title: 'Assistenza clienti',
    intro: 'Il nostro team ti aiuta con conto, depositi, prelievi e domande sul trading.',
    email: 'Scrivici',
    hours:
      'Orari: 24 ore su 24 dal lunedì al venerdì; nel fine settimana 09:00–18:00 UTC. Rispondiamo entro un giorno lavorativo.',
  },
  tr: {
    title: 'Müşteri desteği',
    intro: 'Destek ekibimiz hesap, para yatırma, para çekme ve işlem sorularınızda yardımcı olur.',
    email: 'Bize e-posta gönderin',
    hours:
      'Çalışma saatleri: Pazartesi–Cuma 24 saat; hafta sonu 09:00–18:00 (UTC). Bir iş günü içinde yanıt veririz.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The built-in support page in `lang`: a self-contained document fit for the /mine/chat iframe. */
export function supportPage(lang: Language, email: string): string {
  const t = TEXT[lang];
  const mail = escapeHtml(email);
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[lang]}" dir="${isRtlLanguage(lang) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{margin:0;padding:24px 20px;font:15px/1.6 system-ui,sans-serif;color:#1f2329;background:#fff}
h1{font-size:20px;margin:0 0 12px}
p{margin:0 0 16px;color:#4e5969}
a{display:inline-block;padding:10px 16px;border-radius:8px;background:#1677ff;color:#fff;text-decoration:none}
</style>
</head>
<body>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<p>${escapeHtml(t.hours)}</p>
<a href="mailto:${mail}" target="_blank" rel="noopener noreferrer">${escapeHtml(t.email)}: ${mail}</a>
</body>
</html>`;
}
