import type { Garment } from "./artwork";

/** The demo catalogue as plain data; app/db/seed/index.ts turns it into rows with fixed ids. */

export const seedCategories = [
  { id: 1, slug: "t-shirts", nameEn: "T-shirts", nameTh: "เสื้อยืด", descriptionEn: "Soft cotton tees for every day in the city.", descriptionTh: "เสื้อยืดผ้าฝ้ายเนื้อนุ่ม ใส่สบายทุกวัน" },
  { id: 2, slug: "jerseys", nameEn: "Jerseys", nameTh: "เสื้อกีฬา", descriptionEn: "Match and training jerseys in breathable fabric.", descriptionTh: "เสื้อแข่งและเสื้อซ้อม ผ้าระบายอากาศได้ดี" },
  { id: 3, slug: "hoodies-jackets", nameEn: "Hoodies & jackets", nameTh: "ฮู้ดและแจ็กเก็ต", descriptionEn: "Layers for air-conditioned offices, rainy season and trips up north.", descriptionTh: "เสื้อตัวนอกสำหรับห้องแอร์ หน้าฝน และทริปขึ้นเหนือ" },
  { id: 4, slug: "accessories", nameEn: "Accessories", nameTh: "เครื่องประดับและอุปกรณ์", descriptionEn: "Caps, bags, socks and more to finish the look.", descriptionTh: "หมวก กระเป๋า ถุงเท้า และอีกมากมาย เติมลุคให้ครบ" },
] as const;

export const seedColours = [
  { code: "black", nameEn: "Black", nameTh: "ดำ", hex: "#1c1c1e" },
  { code: "white", nameEn: "White", nameTh: "ขาว", hex: "#f7f7f5" },
  { code: "navy", nameEn: "Navy", nameTh: "กรมท่า", hex: "#1f2a44" },
  { code: "red", nameEn: "Red", nameTh: "แดง", hex: "#c62828" },
  { code: "royal", nameEn: "Royal blue", nameTh: "น้ำเงิน", hex: "#2b6ff5" },
  { code: "green", nameEn: "Green", nameTh: "เขียว", hex: "#2e7d32" },
  { code: "grey", nameEn: "Heather grey", nameTh: "เทา", hex: "#9ea3a8" },
  { code: "yellow", nameEn: "Yellow", nameTh: "เหลือง", hex: "#f9b820" },
  { code: "pink", nameEn: "Pink", nameTh: "ชมพู", hex: "#e8799e" },
  { code: "maroon", nameEn: "Maroon", nameTh: "เลือดหมู", hex: "#7b1e3a" },
  { code: "orange", nameEn: "Orange", nameTh: "ส้ม", hex: "#ef6c00" },
  { code: "khaki", nameEn: "Khaki", nameTh: "กากี", hex: "#b9a77a" },
] as const;
export type ColourCode = (typeof seedColours)[number]["code"];

export const seedSizes = ["S", "M", "L", "XL", "XXL"] as const;
export type SizeCode = (typeof seedSizes)[number];

/**
 * normal: every variant 6–40 in stock; low: every variant 1–5; out: all 0;
 * mixed: some sizes sold out, some low, some plenty.
 */
export type StockProfile = "normal" | "low" | "out" | "mixed";

export interface SeedProduct {
  slug: string;
  nameEn: string;
  nameTh: string;
  categoryId: 1 | 2 | 3 | 4;
  garment: Garment;
  priceBaht: number;
  colours: ColourCode[];
  /** null: not sold by size. */
  sizes: SizeCode[] | null;
  stock: StockProfile;
  weightGrams: number;
  descriptionEn: string;
  descriptionTh: string;
}

const adult: SizeCode[] = ["S", "M", "L", "XL", "XXL"];
const core: SizeCode[] = ["S", "M", "L", "XL"];

export const seedProducts: SeedProduct[] = [
  // T-shirts
  { slug: "classic-logo-tee", nameEn: "Classic Logo Tee", nameTh: "เสื้อยืดโลโก้คลาสสิก", categoryId: 1, garment: "tshirt", priceBaht: 390, colours: ["black", "white", "navy"], sizes: adult, stock: "normal", weightGrams: 180,
    descriptionEn: "Our everyday crew-neck tee in 100% combed cotton with the Pryde wordmark printed on the chest. Regular fit, pre-shrunk.",
    descriptionTh: "เสื้อยืดคอกลมตัวโปรด ผ้าฝ้ายคอมพ์ 100% สกรีนโลโก้ Pryde ที่หน้าอก ทรงปกติ ผ่านการกันหดแล้ว" },
  { slug: "bangkok-skyline-tee", nameEn: "Bangkok Skyline Tee", nameTh: "เสื้อยืดลายเส้นขอบฟ้ากรุงเทพฯ", categoryId: 1, garment: "tshirt", priceBaht: 450, colours: ["white", "grey"], sizes: core, stock: "normal", weightGrams: 180,
    descriptionEn: "A line drawing of the Bangkok skyline from the river at dusk, screen-printed with water-based ink.",
    descriptionTh: "ลายเส้นเส้นขอบฟ้ากรุงเทพฯ ยามพลบค่ำมองจากริมแม่น้ำเจ้าพระยา สกรีนด้วยหมึกสูตรน้ำ" },
  { slug: "elephant-parade-tee", nameEn: "Elephant Parade Tee", nameTh: "เสื้อยืดลายขบวนช้าง", categoryId: 1, garment: "tshirt", priceBaht: 450, colours: ["grey", "navy"], sizes: adult, stock: "mixed", weightGrams: 180,
    descriptionEn: "A playful parade of elephants across the back, small Pryde logo on the front.",
    descriptionTh: "ขบวนช้างน่ารักเรียงแถวด้านหลัง พร้อมโลโก้ Pryde ขนาดเล็กด้านหน้า" },
  { slug: "tuk-tuk-graphic-tee", nameEn: "Tuk-Tuk Graphic Tee", nameTh: "เสื้อยืดลายรถตุ๊กตุ๊ก", categoryId: 1, garment: "tshirt", priceBaht: 420, colours: ["yellow", "white"], sizes: core, stock: "normal", weightGrams: 180,
    descriptionEn: "Bright, bold and very Bangkok: a tuk-tuk graphic in three colours.",
    descriptionTh: "สดใส จัดจ้าน และเป็นกรุงเทพฯ สุด ๆ กับลายรถตุ๊กตุ๊กสามสี" },
  { slug: "muay-thai-spirit-tee", nameEn: "Muay Thai Spirit Tee", nameTh: "เสื้อยืดจิตวิญญาณมวยไทย", categoryId: 1, garment: "tshirt", priceBaht: 490, colours: ["red", "black"], sizes: adult, stock: "normal", weightGrams: 190,
    descriptionEn: "Inspired by the mongkhon headband worn in the ring. Heavyweight cotton that keeps its shape.",
    descriptionTh: "ได้แรงบันดาลใจจากมงคลที่นักมวยสวมขึ้นเวที ผ้าฝ้ายเนื้อหนา ทรงไม่ย้วย" },
  { slug: "everyday-pocket-tee", nameEn: "Everyday Pocket Tee", nameTh: "เสื้อยืดกระเป๋าหน้าอก", categoryId: 1, garment: "tshirt", priceBaht: 350, colours: ["white", "black", "green"], sizes: core, stock: "normal", weightGrams: 170,
    descriptionEn: "A clean tee with a chest pocket. Light enough for the hot season.",
    descriptionTh: "เสื้อยืดเรียบ ๆ มีกระเป๋าที่หน้าอก เนื้อผ้าเบา ใส่สบายแม้หน้าร้อน" },
  { slug: "oversized-street-tee", nameEn: "Oversized Street Tee", nameTh: "เสื้อยืดโอเวอร์ไซซ์สตรีท", categoryId: 1, garment: "tshirt", priceBaht: 590, colours: ["black"], sizes: core, stock: "low", weightGrams: 230,
    descriptionEn: "Boxy oversized cut with dropped shoulders. Almost sold out — last few pieces.",
    descriptionTh: "ทรงโอเวอร์ไซซ์ไหล่ตก ใกล้หมดแล้ว เหลือเพียงไม่กี่ตัว" },
  { slug: "songkran-splash-tee", nameEn: "Songkran Splash Tee", nameTh: "เสื้อยืดลายสาดน้ำสงกรานต์", categoryId: 1, garment: "tshirt", priceBaht: 390, colours: ["royal"], sizes: core, stock: "out", weightGrams: 170,
    descriptionEn: "Our Songkran festival print. Sold out for this year — it returns in April.",
    descriptionTh: "ลายพิเศษช่วงเทศกาลสงกรานต์ ปีนี้ขายหมดแล้ว กลับมาอีกครั้งเดือนเมษายน" },
  { slug: "organic-cotton-crew-tee", nameEn: "Organic Cotton Crew Tee", nameTh: "เสื้อยืดคอกลมผ้าฝ้ายออร์แกนิก", categoryId: 1, garment: "tshirt", priceBaht: 690, colours: ["white", "maroon"], sizes: adult, stock: "normal", weightGrams: 190,
    descriptionEn: "Certified organic cotton grown in northern Thailand, knitted and sewn in Bangkok.",
    descriptionTh: "ผ้าฝ้ายออร์แกนิกที่ได้รับการรับรอง ปลูกในภาคเหนือ ถักทอและตัดเย็บในกรุงเทพฯ" },
  { slug: "pryde-run-club-tee", nameEn: "Pryde Run Club Tee", nameTh: "เสื้อยืดไพรด์รันคลับ", categoryId: 1, garment: "tshirt", priceBaht: 490, colours: ["orange", "navy"], sizes: adult, stock: "mixed", weightGrams: 140,
    descriptionEn: "Quick-dry technical tee for early-morning runs around Lumphini Park.",
    descriptionTh: "เสื้อวิ่งผ้าแห้งเร็ว สำหรับวิ่งเช้ารอบสวนลุมพินี" },
  // Jerseys
  { slug: "home-football-jersey-2026", nameEn: "Home Football Jersey 2026", nameTh: "เสื้อฟุตบอลทีมเหย้า 2026", categoryId: 2, garment: "jersey", priceBaht: 1290, colours: ["royal"], sizes: adult, stock: "normal", weightGrams: 200,
    descriptionEn: "This season's home kit. Breathable mesh panels and a slim athletic fit.",
    descriptionTh: "ชุดเหย้าฤดูกาลใหม่ แผงผ้าตาข่ายระบายอากาศ ทรงเข้ารูปแบบนักกีฬา" },
  { slug: "away-football-jersey-2026", nameEn: "Away Football Jersey 2026", nameTh: "เสื้อฟุตบอลทีมเยือน 2026", categoryId: 2, garment: "jersey", priceBaht: 1290, colours: ["white"], sizes: adult, stock: "normal", weightGrams: 200,
    descriptionEn: "Clean white away kit with royal-blue trims.",
    descriptionTh: "ชุดเยือนสีขาวสะอาดตา ตัดขอบด้วยสีน้ำเงิน" },
  { slug: "third-kit-jersey", nameEn: "Third Kit Jersey", nameTh: "เสื้อฟุตบอลชุดที่สาม", categoryId: 2, garment: "jersey", priceBaht: 1190, colours: ["green"], sizes: core, stock: "low", weightGrams: 200,
    descriptionEn: "Limited third kit in deep green. Only a handful left in each size.",
    descriptionTh: "ชุดที่สามรุ่นลิมิเต็ดสีเขียวเข้ม เหลือไม่กี่ตัวในแต่ละไซซ์" },
  { slug: "retro-98-jersey", nameEn: "Retro '98 Jersey", nameTh: "เสื้อฟุตบอลย้อนยุค 98", categoryId: 2, garment: "jersey", priceBaht: 1490, colours: ["red", "yellow"], sizes: adult, stock: "normal", weightGrams: 220,
    descriptionEn: "A tribute to the kits of the late nineties: loose fit, big collar, bold colours.",
    descriptionTh: "เสื้อย้อนยุคยุคปลาย 90 ทรงหลวม ปกใหญ่ สีสันจัดจ้าน" },
  { slug: "futsal-training-jersey", nameEn: "Futsal Training Jersey", nameTh: "เสื้อซ้อมฟุตซอล", categoryId: 2, garment: "jersey", priceBaht: 690, colours: ["navy", "orange", "black"], sizes: adult, stock: "normal", weightGrams: 170,
    descriptionEn: "Light training top for indoor courts. Great value for whole teams.",
    descriptionTh: "เสื้อซ้อมน้ำหนักเบาสำหรับสนามในร่ม ราคาคุ้มค่าสำหรับทั้งทีม" },
  { slug: "basketball-jersey", nameEn: "Basketball Jersey", nameTh: "เสื้อบาสเกตบอล", categoryId: 2, garment: "jersey", priceBaht: 890, colours: ["maroon", "black"], sizes: adult, stock: "mixed", weightGrams: 180,
    descriptionEn: "Sleeveless cut with double-knit fabric and a wide arm opening.",
    descriptionTh: "เสื้อแขนกุดผ้าดับเบิลนิต ช่วงแขนกว้าง เคลื่อนไหวคล่องตัว" },
  { slug: "volleyball-jersey", nameEn: "Volleyball Jersey", nameTh: "เสื้อวอลเลย์บอล", categoryId: 2, garment: "jersey", priceBaht: 790, colours: ["pink", "royal"], sizes: core, stock: "normal", weightGrams: 160,
    descriptionEn: "Stretchy, close-fitting jersey made for jumping and diving.",
    descriptionTh: "เสื้อผ้ายืดกระชับตัว เหมาะกับการกระโดดและพุ่งรับลูก" },
  { slug: "goalkeeper-jersey", nameEn: "Goalkeeper Jersey", nameTh: "เสื้อผู้รักษาประตู", categoryId: 2, garment: "jersey", priceBaht: 1390, colours: ["yellow"], sizes: core, stock: "out", weightGrams: 240,
    descriptionEn: "Long-sleeved keeper shirt with padded elbows. Out of stock — new batch coming soon.",
    descriptionTh: "เสื้อผู้รักษาประตูแขนยาว มีแผ่นรองข้อศอก สินค้าหมดชั่วคราว ล็อตใหม่มาเร็ว ๆ นี้" },
  { slug: "esports-team-jersey", nameEn: "Esports Team Jersey", nameTh: "เสื้อทีมอีสปอร์ต", categoryId: 2, garment: "jersey", priceBaht: 990, colours: ["black", "royal"], sizes: adult, stock: "normal", weightGrams: 180,
    descriptionEn: "Sublimated esports jersey, cool and comfortable for long sessions.",
    descriptionTh: "เสื้อทีมอีสปอร์ตพิมพ์ลายซับลิเมชัน เย็นสบายแม้นั่งเล่นนาน ๆ" },
  // Hoodies & jackets
  { slug: "classic-pullover-hoodie", nameEn: "Classic Pullover Hoodie", nameTh: "เสื้อฮู้ดสวมหัวคลาสสิก", categoryId: 3, garment: "hoodie", priceBaht: 1290, colours: ["grey", "black", "navy"], sizes: adult, stock: "normal", weightGrams: 520,
    descriptionEn: "Brushed fleece inside, kangaroo pocket, and the Pryde wordmark across the chest.",
    descriptionTh: "ด้านในเป็นผ้าฟลีซขนนุ่ม กระเป๋าจิงโจ้ และโลโก้ Pryde พาดหน้าอก" },
  { slug: "zip-up-hoodie", nameEn: "Zip-Up Hoodie", nameTh: "เสื้อฮู้ดซิปหน้า", categoryId: 3, garment: "hoodie", priceBaht: 1490, colours: ["black", "maroon"], sizes: adult, stock: "mixed", weightGrams: 560,
    descriptionEn: "Full-zip hoodie with metal zip and ribbed cuffs. Perfect over a tee in the office.",
    descriptionTh: "ฮู้ดซิปยาวตลอดตัว ซิปโลหะ ปลายแขนผ้าริบ ใส่ทับเสื้อยืดในออฟฟิศได้สบาย" },
  { slug: "lightweight-rain-jacket", nameEn: "Lightweight Rain Jacket", nameTh: "เสื้อแจ็กเก็ตกันฝนน้ำหนักเบา", categoryId: 3, garment: "jacket", priceBaht: 1890, colours: ["navy", "yellow"], sizes: adult, stock: "normal", weightGrams: 320,
    descriptionEn: "Packs into its own pocket. Water-repellent for sudden rainy-season showers.",
    descriptionTh: "พับเก็บใส่กระเป๋าของตัวเองได้ กันน้ำ พร้อมรับฝนที่ตกลงมากะทันหันช่วงหน้าฝน" },
  { slug: "track-jacket", nameEn: "Track Jacket", nameTh: "เสื้อแจ็กเก็ตวอร์ม", categoryId: 3, garment: "jacket", priceBaht: 1590, colours: ["black", "royal"], sizes: core, stock: "low", weightGrams: 420,
    descriptionEn: "Classic tricot track jacket with contrast stripes.",
    descriptionTh: "แจ็กเก็ตวอร์มผ้าไตรคอตคลาสสิก แต่งแถบสีตัดกัน" },
  { slug: "varsity-jacket", nameEn: "Varsity Jacket", nameTh: "เสื้อแจ็กเก็ตวาร์ซิตี้", categoryId: 3, garment: "jacket", priceBaht: 1890, colours: ["maroon"], sizes: core, stock: "out", weightGrams: 780,
    descriptionEn: "Wool-blend varsity jacket with embroidered chenille P. Sold out.",
    descriptionTh: "แจ็กเก็ตวาร์ซิตี้ผ้าผสมขนสัตว์ ปักตัว P แบบเชนิล ขายหมดแล้ว" },
  { slug: "cropped-hoodie", nameEn: "Cropped Hoodie", nameTh: "เสื้อฮู้ดครอป", categoryId: 3, garment: "hoodie", priceBaht: 1090, colours: ["pink", "white"], sizes: ["S", "M", "L"], stock: "normal", weightGrams: 400,
    descriptionEn: "Cropped, relaxed hoodie in soft French terry.",
    descriptionTh: "ฮู้ดทรงครอปใส่สบาย ผ้าเฟรนช์เทอร์รี่เนื้อนุ่ม" },
  // Accessories
  { slug: "pryde-snapback-cap", nameEn: "Pryde Snapback Cap", nameTh: "หมวกแก๊ปสแนปแบ็ก", categoryId: 4, garment: "cap", priceBaht: 490, colours: ["black"], sizes: null, stock: "normal", weightGrams: 110,
    descriptionEn: "Structured six-panel cap with an adjustable snap back. One size.",
    descriptionTh: "หมวกแก๊ปหกแผงทรงตั้ง ปรับขนาดด้านหลังได้ ฟรีไซซ์" },
  { slug: "washed-dad-hat", nameEn: "Washed Dad Hat", nameTh: "หมวกแก๊ปผ้าฟอก", categoryId: 4, garment: "cap", priceBaht: 450, colours: ["navy", "khaki", "pink"], sizes: null, stock: "mixed", weightGrams: 90,
    descriptionEn: "Soft, unstructured cap in washed cotton twill. One size.",
    descriptionTh: "หมวกแก๊ปทรงนิ่ม ผ้าทวิลฝ้ายฟอกสี ฟรีไซซ์" },
  { slug: "canvas-tote-bag", nameEn: "Canvas Tote Bag", nameTh: "กระเป๋าผ้าแคนวาส", categoryId: 4, garment: "bag", priceBaht: 290, colours: ["white"], sizes: null, stock: "normal", weightGrams: 200,
    descriptionEn: "Heavy canvas tote for the market run. Say no to plastic bags.",
    descriptionTh: "กระเป๋าผ้าแคนวาสหนา ถือไปจ่ายตลาดได้สบาย ลดการใช้ถุงพลาสติก" },
  { slug: "sport-socks-3-pack", nameEn: "Sport Socks (3 pairs)", nameTh: "ถุงเท้ากีฬา (แพ็ก 3 คู่)", categoryId: 4, garment: "socks", priceBaht: 350, colours: ["white", "black"], sizes: ["M", "L"], stock: "normal", weightGrams: 150,
    descriptionEn: "Cushioned crew socks with arch support. M fits EU 38–42, L fits EU 43–46.",
    descriptionTh: "ถุงเท้าข้อกลางบุนุ่ม รองรับอุ้งเท้า ไซซ์ M สำหรับเท้าเบอร์ 38–42 ไซซ์ L สำหรับ 43–46" },
  { slug: "bucket-hat", nameEn: "Bucket Hat", nameTh: "หมวกบักเก็ต", categoryId: 4, garment: "cap", priceBaht: 550, colours: ["green"], sizes: null, stock: "normal", weightGrams: 100,
    descriptionEn: "Cotton bucket hat that keeps the sun off at outdoor festivals.",
    descriptionTh: "หมวกบักเก็ตผ้าฝ้าย กันแดดได้ดีเวลาไปเทศกาลดนตรีกลางแจ้ง" },
  { slug: "gym-duffel-bag", nameEn: "Gym Duffel Bag", nameTh: "กระเป๋ายิมดัฟเฟิล", categoryId: 4, garment: "bag", priceBaht: 1290, colours: ["black"], sizes: null, stock: "low", weightGrams: 750,
    descriptionEn: "Roomy duffel with a separate shoe compartment and padded shoulder strap.",
    descriptionTh: "กระเป๋าดัฟเฟิลจุของได้เยอะ มีช่องแยกใส่รองเท้า และสายสะพายบุนวม" },
  { slug: "sweat-wristbands", nameEn: "Sweat Wristbands (pair)", nameTh: "ริสต์แบนด์ซับเหงื่อ (คู่)", categoryId: 4, garment: "band", priceBaht: 290, colours: ["red"], sizes: null, stock: "out", weightGrams: 40,
    descriptionEn: "Terry-cloth wristbands with a woven Pryde label. Sold out.",
    descriptionTh: "ริสต์แบนด์ผ้าขนหนู ติดป้ายทอ Pryde ขายหมดแล้ว" },
  { slug: "insulated-water-bottle", nameEn: "Insulated Water Bottle", nameTh: "ขวดน้ำเก็บความเย็น", categoryId: 4, garment: "bottle", priceBaht: 690, colours: ["royal", "black"], sizes: null, stock: "normal", weightGrams: 350,
    descriptionEn: "Double-wall stainless steel, keeps drinks cold for 24 hours. 750 ml.",
    descriptionTh: "สแตนเลสสองชั้น เก็บความเย็นได้นาน 24 ชั่วโมง ความจุ 750 มล." },
];

export const seedCollections = [
  { id: 1, slug: "new-season-2026", nameEn: "New Season 2026", nameTh: "คอลเลกชันใหม่ 2026", descriptionEn: "Fresh kits and tees for the year ahead.", descriptionTh: "ชุดแข่งและเสื้อยืดใหม่ล่าสุดสำหรับปีนี้",
    products: ["home-football-jersey-2026", "away-football-jersey-2026", "organic-cotton-crew-tee", "lightweight-rain-jacket", "pryde-run-club-tee", "cropped-hoodie"], colours: ["#1f2a44", "#2b6ff5"] as const, motif: "jersey" as const, fill: "#2b6ff5" },
  { id: 2, slug: "matchday-essentials", nameEn: "Matchday Essentials", nameTh: "ของต้องมีวันแข่ง", descriptionEn: "Everything you need from kick-off to the final whistle.", descriptionTh: "ครบทุกอย่างที่ต้องใช้ ตั้งแต่เริ่มเกมจนถึงนกหวีดสุดท้าย",
    products: ["home-football-jersey-2026", "futsal-training-jersey", "sport-socks-3-pack", "insulated-water-bottle", "gym-duffel-bag", "track-jacket"], colours: ["#c62828", "#7b1e3a"] as const, motif: "jersey" as const, fill: "#f7f7f5" },
  { id: 3, slug: "bangkok-streetwear", nameEn: "Bangkok Streetwear", nameTh: "สตรีทแวร์สไตล์กรุงเทพฯ", descriptionEn: "City-made graphics and easy layers for life on the BTS.", descriptionTh: "ลายกราฟิกจากเมืองกรุง และเสื้อตัวนอกใส่ง่ายสำหรับชีวิตบนรถไฟฟ้า",
    products: ["bangkok-skyline-tee", "tuk-tuk-graphic-tee", "oversized-street-tee", "classic-pullover-hoodie", "pryde-snapback-cap", "canvas-tote-bag"], colours: ["#1c1c1e", "#ef6c00"] as const, motif: "hoodie" as const, fill: "#f9b820" },
] as const;
