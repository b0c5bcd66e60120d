import { breachNoticeHours, personalDataRetentionMonths } from "~/domain/privacy";

import type { Garment } from "./artwork";

/** Demo editorial content (bilingual) and shop settings. */

export const seedSiteConfig = {
  nameEn: "Pryde",
  nameTh: "ไพรด์",
  addressEn: "88/8 Sukhumvit Soi 31, Khlong Toei Nuea, Watthana, Bangkok 10110, Thailand",
  addressTh: "88/8 ซอยสุขุมวิท 31 แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110",
  phone: "+66 2 123 4567",
  email: "hello@pryde.test",
  facebook: "https://www.facebook.com/prydeshop",
  instagram: "https://www.instagram.com/prydeshop",
  line: "https://line.me/R/ti/p/@prydeshop",
  vat: "7",
  /** One point is worth ฿1 at checkout. */
  pointsValueSatang: "100",
  exchangeRates: { USD: 0.028, EUR: 0.026, GBP: 0.022, JPY: 4.3, CNY: 0.2 },
};

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join("");

export const seedActivities: {
  slug: string;
  titleEn: string;
  titleTh: string;
  summaryEn: string;
  summaryTh: string;
  bodyEn: string;
  bodyTh: string;
  daysAgo: number;
  cover: { from: string; to: string; motif: Garment; fill: string };
}[] = [
  {
    slug: "youth-football-league-sponsorship",
    titleEn: "Pryde sponsors the Bangkok Youth Football League",
    titleTh: "ไพรด์ร่วมสนับสนุนการแข่งขันฟุตบอลเยาวชนกรุงเทพฯ",
    summaryEn: "Twelve school teams will play the 2026 season in kits made by us.",
    summaryTh: "ทีมโรงเรียน 12 ทีมจะลงสนามฤดูกาล 2026 ด้วยชุดแข่งที่เราผลิต",
    bodyEn: paragraphs(
      "We are proud to be the kit partner of the Bangkok Youth Football League for the 2026 season.",
      "Every player from the twelve school teams receives a home and an away jersey, designed together with the students in our custom designer.",
      "Come and cheer for them at the opening match in Thai-Japanese Stadium, Din Daeng, next month.",
    ),
    bodyTh: paragraphs(
      "เรารู้สึกภูมิใจที่ได้เป็นผู้สนับสนุนชุดแข่งให้กับการแข่งขันฟุตบอลเยาวชนกรุงเทพฯ ฤดูกาล 2026",
      "นักเตะทุกคนจากทีมโรงเรียนทั้ง 12 ทีมจะได้รับเสื้อทีมเหย้าและทีมเยือน ซึ่งนักเรียนร่วมกันออกแบบผ่านระบบออกแบบเสื้อของเรา",
      "มาร่วมเชียร์น้อง ๆ ในนัดเปิดสนามที่สนามกีฬาไทย-ญี่ปุ่น ดินแดง เดือนหน้านี้",
    ),
    daysAgo: 3,
    cover: { from: "#1f2a44", to: "#2b6ff5", motif: "jersey", fill: "#f9b820" },
  },
  {
    slug: "new-season-kits-have-landed",
    titleEn: "The 2026 home and away kits have landed",
    titleTh: "ชุดแข่งเหย้าและเยือนปี 2026 มาถึงแล้ว",
    summaryEn: "Lighter fabric, a slimmer cut and recycled polyester.",
    summaryTh: "ผ้าเบากว่าเดิม ทรงเข้ารูปขึ้น และผลิตจากโพลีเอสเตอร์รีไซเคิล",
    bodyEn: paragraphs(
      "This year's kits are made from recycled polyester and weigh 15% less than last season's.",
      "The home shirt keeps our royal blue; the away shirt is white with blue trims. Both are available from size S to XXL.",
    ),
    bodyTh: paragraphs(
      "ชุดแข่งปีนี้ผลิตจากโพลีเอสเตอร์รีไซเคิล และมีน้ำหนักเบากว่าฤดูกาลที่แล้วถึง 15%",
      "เสื้อทีมเหย้ายังคงเป็นสีน้ำเงินเอกลักษณ์ของเรา ส่วนเสื้อทีมเยือนเป็นสีขาวตัดขอบน้ำเงิน มีให้เลือกตั้งแต่ไซซ์ S ถึง XXL",
    ),
    daysAgo: 10,
    cover: { from: "#2b6ff5", to: "#1f2a44", motif: "jersey", fill: "#2b6ff5" },
  },
  {
    slug: "songkran-pop-up-siam-square",
    titleEn: "Songkran pop-up store at Siam Square",
    titleTh: "ป๊อปอัพสโตร์ช่วงสงกรานต์ที่สยามสแควร์",
    summaryEn: "Three days of limited prints, live screen printing and cold drinks.",
    summaryTh: "สามวันกับลายพิเศษจำนวนจำกัด การสกรีนเสื้อสด ๆ และเครื่องดื่มเย็น ๆ",
    bodyEn: paragraphs(
      "From 12 to 14 April we open a pop-up store at Siam Square Soi 7.",
      "Bring your own tee and we will screen-print the Songkran Splash design on it for free while you wait.",
    ),
    bodyTh: paragraphs("ระหว่างวันที่ 12–14 เมษายน เราจะเปิดป๊อปอัพสโตร์ที่สยามสแควร์ ซอย 7", "นำเสื้อยืดของคุณมาได้เลย เราจะสกรีนลาย Songkran Splash ให้ฟรีระหว่างรอ"),
    daysAgo: 24,
    cover: { from: "#2b6ff5", to: "#00b8d4", motif: "tshirt", fill: "#ffffff" },
  },
  {
    slug: "behind-the-seams-chiang-mai",
    titleEn: "Behind the seams: our partner workshop in Chiang Mai",
    titleTh: "เบื้องหลังตะเข็บ: โรงงานพันธมิตรของเราที่เชียงใหม่",
    summaryEn: "Meet the team that cuts and sews our organic cotton tees.",
    summaryTh: "ทำความรู้จักทีมที่ตัดเย็บเสื้อยืดผ้าฝ้ายออร์แกนิกของเรา",
    bodyEn: paragraphs(
      "Our organic tees are cut and sewn by a family-run workshop on the edge of Chiang Mai that has worked with us since the beginning.",
      "Fair wages, short supply chains and cotton grown a few hours away: that is what the Pryde label stands for.",
    ),
    bodyTh: paragraphs(
      "เสื้อยืดออร์แกนิกของเราตัดเย็บโดยโรงงานครอบครัวเล็ก ๆ ชานเมืองเชียงใหม่ ที่ทำงานร่วมกับเรามาตั้งแต่วันแรก",
      "ค่าแรงที่เป็นธรรม ห่วงโซ่การผลิตที่สั้น และฝ้ายที่ปลูกห่างออกไปเพียงไม่กี่ชั่วโมง คือสิ่งที่แบรนด์ไพรด์ยึดมั่น",
    ),
    daysAgo: 40,
    cover: { from: "#2e7d32", to: "#b9a77a", motif: "tshirt", fill: "#f7f7f5" },
  },
];

export const seedFaqs = [
  {
    questionEn: "How long does delivery take?",
    questionTh: "จัดส่งสินค้ากี่วัน",
    answerEn: "Standard delivery within Thailand takes 3–5 working days and express 1–2 working days. International orders arrive in 7–14 days.",
    answerTh: "การจัดส่งแบบธรรมดาภายในประเทศใช้เวลา 3–5 วันทำการ แบบด่วน 1–2 วันทำการ ส่วนการจัดส่งต่างประเทศใช้เวลา 7–14 วัน",
  },
  {
    questionEn: "Which payment methods do you accept?",
    questionTh: "ชำระเงินได้ช่องทางใดบ้าง",
    answerEn:
      "PayPal (including cards through PayPal) and bank transfer with PromptPay QR. Upload your transfer slip and we confirm it within one working day.",
    answerTh: "รับชำระผ่าน PayPal (รวมถึงบัตรผ่าน PayPal) และโอนเงินผ่านพร้อมเพย์ QR เมื่ออัปโหลดสลิปแล้ว เราจะยืนยันภายใน 1 วันทำการ",
  },
  {
    questionEn: "Can I exchange a size?",
    questionTh: "เปลี่ยนไซซ์ได้หรือไม่",
    answerEn: "Yes. Request an exchange from My purchases within 14 days of delivery. Items must be unworn with tags attached.",
    answerTh: "ได้ ขอเปลี่ยนสินค้าได้ที่เมนูรายการสั่งซื้อของฉันภายใน 14 วันหลังได้รับสินค้า สินค้าต้องไม่ผ่านการใช้งานและป้ายยังอยู่ครบ",
  },
  {
    questionEn: "How do I find my size?",
    questionTh: "จะเลือกไซซ์อย่างไรดี",
    answerEn: "Every product page links to a size guide with chest and length measurements in centimetres. Measure a shirt you like and compare.",
    answerTh: "ทุกหน้าสินค้ามีตารางไซซ์ที่บอกรอบอกและความยาวเป็นเซนติเมตร ลองวัดเสื้อตัวที่ใส่พอดีแล้วนำมาเทียบได้เลย",
  },
  {
    questionEn: "How do custom team orders work?",
    questionTh: "สั่งเสื้อทีมแบบออกแบบเองได้อย่างไร",
    answerEn:
      "Design your shirt in the designer, enter quantities per size and submit. Our team reviews the design, confirms the price by e-mail and sends you a payment link.",
    answerTh: "ออกแบบเสื้อในหน้าออกแบบ ระบุจำนวนแต่ละไซซ์แล้วส่งคำสั่งซื้อ ทีมงานจะตรวจแบบ ยืนยันราคาทางอีเมล และส่งลิงก์ชำระเงินให้คุณ",
  },
  {
    questionEn: "How can I track my order?",
    questionTh: "ติดตามพัสดุได้อย่างไร",
    answerEn: "Once your order ships you receive an e-mail with the carrier and tracking number. You can also see it in My purchases.",
    answerTh: "เมื่อจัดส่งแล้ว คุณจะได้รับอีเมลแจ้งบริษัทขนส่งและเลขพัสดุ และดูได้ที่เมนูรายการสั่งซื้อของฉันเช่นกัน",
  },
  {
    questionEn: "How do Pryde points work?",
    questionTh: "คะแนนสะสมไพรด์ใช้งานอย่างไร",
    answerEn: "Members earn points on every paid order and can redeem them for a discount at checkout. Points are shown as whole numbers in your account.",
    answerTh: "สมาชิกจะได้รับคะแนนจากทุกคำสั่งซื้อที่ชำระเงินแล้ว และนำไปใช้เป็นส่วนลดตอนชำระเงินได้ ดูคะแนนคงเหลือได้ในบัญชีของคุณ",
  },
  {
    questionEn: "Do you ship outside Thailand?",
    questionTh: "จัดส่งไปต่างประเทศหรือไม่",
    answerEn: "Yes, we ship worldwide. Prices are charged in Thai Baht; other currencies on the site are shown for convenience only.",
    answerTh: "จัดส่งได้ทั่วโลก ราคาเรียกเก็บเป็นเงินบาท สกุลเงินอื่นบนเว็บไซต์แสดงเพื่อความสะดวกในการเปรียบเทียบเท่านั้น",
  },
];

export interface SizeGuideTable {
  unit: "cm";
  columns: { key: string; en: string; th: string }[];
  rows: { size: string; values: number[] }[];
}

export const seedSizeGuides: { slug: string; nameEn: string; nameTh: string; noteEn: string; noteTh: string; categoryId: number; table: SizeGuideTable }[] = [
  {
    slug: "t-shirts",
    nameEn: "T-shirt sizes",
    nameTh: "ตารางไซซ์เสื้อยืด",
    categoryId: 1,
    noteEn: "Measured flat across the chest and from the highest point of the shoulder to the hem.",
    noteTh: "วัดรอบอกโดยวางเสื้อราบ และวัดความยาวจากจุดสูงสุดของไหล่ถึงชายเสื้อ",
    table: {
      unit: "cm",
      columns: [
        { key: "chest", en: "Chest", th: "รอบอก" },
        { key: "length", en: "Length", th: "ความยาว" },
        { key: "shoulder", en: "Shoulder", th: "ไหล่" },
      ],
      rows: [
        { size: "S", values: [92, 68, 42] },
        { size: "M", values: [98, 70, 44] },
        { size: "L", values: [104, 72, 46] },
        { size: "XL", values: [110, 74, 48] },
        { size: "XXL", values: [116, 76, 50] },
      ],
    },
  },
  {
    slug: "jerseys",
    nameEn: "Jersey sizes",
    nameTh: "ตารางไซซ์เสื้อกีฬา",
    categoryId: 2,
    noteEn: "Athletic fit. If you are between sizes, choose the larger one.",
    noteTh: "ทรงเข้ารูปแบบนักกีฬา หากอยู่ระหว่างสองไซซ์ แนะนำให้เลือกไซซ์ที่ใหญ่กว่า",
    table: {
      unit: "cm",
      columns: [
        { key: "chest", en: "Chest", th: "รอบอก" },
        { key: "length", en: "Length", th: "ความยาว" },
      ],
      rows: [
        { size: "S", values: [90, 67] },
        { size: "M", values: [95, 69] },
        { size: "L", values: [100, 71] },
        { size: "XL", values: [106, 73] },
        { size: "XXL", values: [112, 75] },
      ],
    },
  },
  {
    slug: "hoodies-jackets",
    nameEn: "Hoodie and jacket sizes",
    nameTh: "ตารางไซซ์ฮู้ดและแจ็กเก็ต",
    categoryId: 3,
    noteEn: "Sleeve length is measured from the centre back of the neck to the cuff.",
    noteTh: "ความยาวแขนวัดจากกึ่งกลางคอด้านหลังถึงปลายแขน",
    table: {
      unit: "cm",
      columns: [
        { key: "chest", en: "Chest", th: "รอบอก" },
        { key: "length", en: "Length", th: "ความยาว" },
        { key: "sleeve", en: "Sleeve", th: "แขน" },
      ],
      rows: [
        { size: "S", values: [100, 66, 80] },
        { size: "M", values: [106, 68, 82] },
        { size: "L", values: [112, 70, 84] },
        { size: "XL", values: [118, 72, 86] },
        { size: "XXL", values: [124, 74, 88] },
      ],
    },
  },
];

export const seedHeroSlides: {
  titleEn: string;
  titleTh: string;
  subtitleEn: string;
  subtitleTh: string;
  ctaLabelEn: string;
  ctaLabelTh: string;
  linkPath: string;
  art: { name: string; from: string; to: string; garments: { garment: Garment; fill: string }[] };
}[] = [
  {
    titleEn: "New season kits",
    titleTh: "ชุดแข่งฤดูกาลใหม่",
    subtitleEn: "Lighter, cooler, made from recycled polyester.",
    subtitleTh: "เบากว่า เย็นกว่า ผลิตจากโพลีเอสเตอร์รีไซเคิล",
    ctaLabelEn: "Shop jerseys",
    ctaLabelTh: "เลือกซื้อเสื้อกีฬา",
    linkPath: "/shop?category=2",
    art: {
      name: "new-season",
      from: "#1f2a44",
      to: "#2b6ff5",
      garments: [
        { garment: "jersey", fill: "#2b6ff5" },
        { garment: "jersey", fill: "#f7f7f5" },
      ],
    },
  },
  {
    titleEn: "Design your team's shirt",
    titleTh: "ออกแบบเสื้อทีมของคุณเอง",
    subtitleEn: "Pick a pattern, add names and numbers, order for the whole squad.",
    subtitleTh: "เลือกลาย ใส่ชื่อและเบอร์ สั่งได้ทั้งทีม",
    ctaLabelEn: "Start designing",
    ctaLabelTh: "เริ่มออกแบบ",
    linkPath: "/custom",
    art: {
      name: "custom-team-wear",
      from: "#c62828",
      to: "#7b1e3a",
      garments: [
        { garment: "jersey", fill: "#f9b820" },
        { garment: "jersey", fill: "#1c1c1e" },
      ],
    },
  },
  {
    titleEn: "Rainy season layers",
    titleTh: "เสื้อตัวนอกรับหน้าฝน",
    subtitleEn: "Hoodies and packable jackets for sudden showers.",
    subtitleTh: "ฮู้ดและแจ็กเก็ตพับเก็บได้ พร้อมรับฝนทุกเมื่อ",
    ctaLabelEn: "Shop hoodies & jackets",
    ctaLabelTh: "เลือกซื้อฮู้ดและแจ็กเก็ต",
    linkPath: "/shop?category=3",
    art: {
      name: "rainy-season",
      from: "#37474f",
      to: "#78909c",
      garments: [
        { garment: "hoodie", fill: "#9ea3a8" },
        { garment: "jacket", fill: "#f9b820" },
      ],
    },
  },
];

export const seedHomeContentAreas = [
  {
    areaKey: "intro",
    titleEn: "Made in Thailand, worn with pride",
    titleTh: "ผลิตในไทย สวมใส่อย่างภาคภูมิใจ",
    bodyEn: "<p>Pryde makes everyday clothing and team wear in Bangkok and Chiang Mai, from fabric to final stitch.</p>",
    bodyTh: "<p>ไพรด์ผลิตเสื้อผ้าใส่ประจำวันและชุดทีมในกรุงเทพฯ และเชียงใหม่ ตั้งแต่เนื้อผ้าจนถึงตะเข็บสุดท้าย</p>",
    linkPath: "/activities",
  },
  {
    areaKey: "custom-team-wear",
    titleEn: "Custom team wear from 10 pieces",
    titleTh: "สั่งทำเสื้อทีมได้ตั้งแต่ 10 ตัว",
    bodyEn: "<p>Football, futsal, esports or the office sports day: design it online and we will review it within one working day.</p>",
    bodyTh: "<p>ฟุตบอล ฟุตซอล อีสปอร์ต หรือกีฬาสีบริษัท ออกแบบออนไลน์ได้เลย ทีมงานตรวจแบบให้ภายใน 1 วันทำการ</p>",
    linkPath: "/custom",
  },
  {
    areaKey: "members",
    titleEn: "Members earn points",
    titleTh: "สมาชิกรับคะแนนสะสม",
    bodyEn: "<p>Sign up to collect points on every order and redeem them at checkout.</p>",
    bodyTh: "<p>สมัครสมาชิกเพื่อสะสมคะแนนจากทุกคำสั่งซื้อ และนำไปแลกเป็นส่วนลดตอนชำระเงิน</p>",
    linkPath: "/register",
  },
];

export const seedPrivacyPolicy = {
  titleEn: "Privacy policy",
  titleTh: "นโยบายความเป็นส่วนตัว",
  bodyEn: paragraphs(
    'Pryde ("we") collects the personal data you give us when you register, order or contact us: your name, e-mail address, phone number, delivery addresses and order history.',
    "We use this data to deliver your orders, provide customer service, run the points programme and, if you agree, send you news about our products. We do not sell your data.",
    "We share data only with the companies that help us deliver your order: payment providers (PayPal, your bank) and carriers (Thailand Post, Kerry Express, Flash Express and others).",
    `We keep your personal data for ${personalDataRetentionMonths} months, after which it is deleted or made anonymous; order records that Thai tax law requires are kept as long as it requires.`,
    `If a personal data breach occurs, we notify the Office of the Personal Data Protection Committee within ${breachNoticeHours} hours of becoming aware of it, and inform affected customers without delay.`,
    "Under the Personal Data Protection Act B.E. 2562 (PDPA) you may ask to see, correct, move or delete your data, or withdraw your consent, by writing to hello@pryde.test.",
  ),
  bodyTh: paragraphs(
    'ไพรด์ ("เรา") เก็บรวบรวมข้อมูลส่วนบุคคลที่คุณให้ไว้เมื่อสมัครสมาชิก สั่งซื้อสินค้า หรือติดต่อเรา ได้แก่ ชื่อ อีเมล หมายเลขโทรศัพท์ ที่อยู่จัดส่ง และประวัติการสั่งซื้อ',
    "เราใช้ข้อมูลนี้เพื่อจัดส่งสินค้า ให้บริการลูกค้า ดำเนินโปรแกรมคะแนนสะสม และส่งข่าวสารเกี่ยวกับสินค้าหากคุณยินยอม เราไม่ขายข้อมูลของคุณ",
    "เราเปิดเผยข้อมูลเฉพาะกับบริษัทที่ช่วยจัดส่งคำสั่งซื้อของคุณเท่านั้น ได้แก่ ผู้ให้บริการชำระเงิน (PayPal ธนาคารของคุณ) และบริษัทขนส่ง (ไปรษณีย์ไทย เคอรี่ เอ็กซ์เพรส แฟลช เอ็กซ์เพรส และอื่น ๆ)",
    `เราเก็บรักษาข้อมูลส่วนบุคคลของคุณเป็นเวลา ${personalDataRetentionMonths} เดือน หลังจากนั้นจะลบหรือทำให้ข้อมูลไม่สามารถระบุตัวตนได้ ส่วนข้อมูลคำสั่งซื้อที่กฎหมายภาษีกำหนดจะเก็บไว้ตามระยะเวลาที่กฎหมายกำหนด`,
    `หากเกิดเหตุละเมิดข้อมูลส่วนบุคคล เราจะแจ้งต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคลภายใน ${breachNoticeHours} ชั่วโมงนับแต่ทราบเหตุ และแจ้งลูกค้าที่ได้รับผลกระทบโดยไม่ชักช้า`,
    "ตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 (PDPA) คุณมีสิทธิขอเข้าถึง แก้ไข โอนย้าย หรือลบข้อมูล รวมถึงถอนความยินยอมได้ โดยส่งอีเมลถึง hello@pryde.test",
  ),
};

export const seedCarriers = [
  {
    code: "thailand-post",
    nameEn: "Thailand Post (EMS)",
    nameTh: "ไปรษณีย์ไทย (EMS)",
    trackingUrlTemplate: "https://track.thailandpost.co.th/?trackNumber={tracking}",
  },
  { code: "kerry", nameEn: "Kerry Express", nameTh: "เคอรี่ เอ็กซ์เพรส", trackingUrlTemplate: "https://th.kerryexpress.com/en/track/?track={tracking}" },
  { code: "flash", nameEn: "Flash Express", nameTh: "แฟลช เอ็กซ์เพรส", trackingUrlTemplate: "https://www.flashexpress.co.th/fle/tracking?se={tracking}" },
  {
    code: "jt",
    nameEn: "J&T Express",
    nameTh: "เจแอนด์ที เอ็กซ์เพรส",
    trackingUrlTemplate: "https://www.jtexpress.co.th/index/query/gzquery.html?bills={tracking}",
  },
  {
    code: "dhl",
    nameEn: "DHL Express (international)",
    nameTh: "ดีเอชแอล เอ็กซ์เพรส (ต่างประเทศ)",
    trackingUrlTemplate: "https://www.dhl.com/th-en/home/tracking.html?tracking-id={tracking}",
  },
];

/**
 * Demo shipping rates: Thailand by parcel weight (grams, min ≤ weight < max), abroad by weight too.
 * Every method is stated as 7–14 days (spec §9), so the rows say so as well.
 */
export const seedShippingRates: {
  method: "standard" | "express";
  zone: "domestic" | "international";
  countryCode: string | null;
  basis: "weight" | "quantity";
  minValue: number;
  maxValue: number | null;
  priceBaht: number;
  days: [number, number];
  /** seedCarriers code of who carries parcels at this rate. */
  carrier: string;
}[] = [
  {
    method: "standard",
    zone: "domestic",
    countryCode: "TH",
    basis: "weight",
    minValue: 0,
    maxValue: 1000,
    priceBaht: 50,
    days: [7, 14],
    carrier: "thailand-post",
  },
  {
    method: "standard",
    zone: "domestic",
    countryCode: "TH",
    basis: "weight",
    minValue: 1000,
    maxValue: 3000,
    priceBaht: 80,
    days: [7, 14],
    carrier: "thailand-post",
  },
  {
    method: "standard",
    zone: "domestic",
    countryCode: "TH",
    basis: "weight",
    minValue: 3000,
    maxValue: null,
    priceBaht: 120,
    days: [7, 14],
    carrier: "thailand-post",
  },
  { method: "express", zone: "domestic", countryCode: "TH", basis: "weight", minValue: 0, maxValue: 1000, priceBaht: 100, days: [7, 14], carrier: "kerry" },
  { method: "express", zone: "domestic", countryCode: "TH", basis: "weight", minValue: 1000, maxValue: null, priceBaht: 150, days: [7, 14], carrier: "kerry" },
  {
    method: "standard",
    zone: "international",
    countryCode: null,
    basis: "weight",
    minValue: 0,
    maxValue: 500,
    priceBaht: 650,
    days: [7, 14],
    carrier: "thailand-post",
  },
  {
    method: "standard",
    zone: "international",
    countryCode: null,
    basis: "weight",
    minValue: 500,
    maxValue: 1000,
    priceBaht: 950,
    days: [7, 14],
    carrier: "thailand-post",
  },
  {
    method: "standard",
    zone: "international",
    countryCode: null,
    basis: "weight",
    minValue: 1000,
    maxValue: 2000,
    priceBaht: 1450,
    days: [7, 14],
    carrier: "thailand-post",
  },
  {
    method: "standard",
    zone: "international",
    countryCode: null,
    basis: "weight",
    minValue: 2000,
    maxValue: null,
    priceBaht: 2400,
    days: [7, 14],
    carrier: "thailand-post",
  },
  { method: "express", zone: "international", countryCode: null, basis: "weight", minValue: 0, maxValue: 1000, priceBaht: 1200, days: [7, 14], carrier: "dhl" },
  {
    method: "express",
    zone: "international",
    countryCode: null,
    basis: "weight",
    minValue: 1000,
    maxValue: null,
    priceBaht: 2500,
    days: [7, 14],
    carrier: "dhl",
  },
];
