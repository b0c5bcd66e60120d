import type en from "../en/catalog";
import type { Translation } from "../../types";

export default {
  meta: {
    homeDescription: "Pryde ชุดกีฬาทีม เสื้อกีฬา และเสื้อที่ออกแบบเองได้ สั่งซื้อออนไลน์เป็นเงินบาท จัดส่งทั่วประเทศไทย",
    shopTitle: "ร้านค้า",
    shopDescription: "เลือกชมชุดกีฬาทีม เสื้อกีฬา และสินค้าของ Pryde ตามหมวดหมู่ พร้อมเลือกไซซ์ที่ใช่",
    searchTitle: "ค้นหา: {{query}}",
  },
  home: {
    heroLabel: "แนะนำ",
    newProducts: "สินค้ามาใหม่",
    flashSale: "แฟลชเซล",
    flashSaleNote: "ราคาพิเศษระหว่างแฟลชเซลและเมื่อยังมีสินค้าในราคานี้",
    featuredCollections: "คอลเลกชัน",
    latestActivities: "กิจกรรมล่าสุด",
    viewAll: "ดูทั้งหมด",
    shopNow: "ช้อปเลย",
    readMore: "อ่านต่อ",
    slide: "สไลด์ที่ {{index}} จาก {{count}}",
  },
  shop: {
    heading: "ร้านค้า",
    productsHeading: "สินค้า",
    allProducts: "สินค้าทั้งหมด",
    categories: "หมวดหมู่",
    searchResults: "ผลการค้นหา “{{query}}”",
    resultCount_one: "{{count}} รายการ",
    resultCount_other: "{{count}} รายการ",
    empty: "ไม่พบสินค้า",
    emptyHint: "ลองเลือกหมวดหมู่อื่นหรือเปลี่ยนคำค้นหา",
    showAll: "ดูสินค้าทั้งหมด",
    clearSearch: "ล้างคำค้นหา",
    searchWithin: "ค้นหาสินค้า",
  },
  pagination: {
    label: "หน้า",
    previous: "ก่อนหน้า",
    next: "ถัดไป",
    page: "หน้า {{page}}",
    pageOf: "หน้า {{page}} จาก {{total}}",
  },
  product: {
    noImage: "ไม่มีรูปภาพ",
    outOfStock: "สินค้าหมด",
    lowStock: "สินค้าเหลือน้อย",
    inStock: "มีสินค้า",
    priceRange: "{{from}} – {{to}}",
  },
} satisfies Translation<typeof en>;
