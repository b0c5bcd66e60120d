import type { Translation } from "../../types";
import type en from "../en/search";

export default {
  sort: {
    label: "เรียงตาม",
    apply: "เรียง",
    relevance: "ตรงที่สุด",
    newest: "มาใหม่",
    priceAsc: "ราคา: ต่ำไปสูง",
    priceDesc: "ราคา: สูงไปต่ำ",
    bestSelling: "ขายดี",
  },
  results: {
    noResults: "ไม่พบสินค้าที่ตรงกับ “{{query}}”",
    noResultsHint: "ลองตรวจตัวสะกด ใช้คำให้น้อยลงหรือสั้นลง หรือเลือกดูตามหมวดหมู่",
    noResultsInCategory: "ไม่พบสินค้าในหมวด{{category}}ที่ตรงกับ “{{query}}”",
    searchAllCategories: "ค้นหาในทุกหมวดหมู่",
    emptyCategory: "ยังไม่มีสินค้าในหมวดหมู่นี้",
    emptyCategoryHint: "สินค้าใหม่มาเพิ่มอยู่เสมอ ระหว่างนี้ลองดูหมวดหมู่อื่นก่อนนะ",
    emptyCatalogue: "ร้านยังไม่มีสินค้า",
    emptyCatalogueHint: "เรากำลังเตรียมคอลเลกชันแรกอยู่ แวะกลับมาใหม่เร็ว ๆ นี้",
    browseCategories: "เลือกดูตามหมวดหมู่",
  },
  suggestions: {
    label: "สินค้าที่แนะนำ",
    none: "ยังไม่พบสินค้าที่ตรงกัน กด Enter เพื่อค้นหา",
    count_one: "แนะนำ {{count}} รายการ ใช้ลูกศรขึ้นลงเพื่อเลือก",
    count_other: "แนะนำ {{count}} รายการ ใช้ลูกศรขึ้นลงเพื่อเลือก",
  },
} satisfies Translation<typeof en>;
