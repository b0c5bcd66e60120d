import type { Translation } from "../../types";
import type en from "../en/reviews";

export default {
  meta: {
    title: "รีวิว {{name}}",
    description: "บอกผู้ซื้อคนอื่นว่าคุณคิดอย่างไรกับ {{name}}",
  },
  heading: "รีวิว",
  average: "{{average}} จาก 5",
  count_one: "{{count}} รีวิว",
  count_other: "{{count}} รีวิว",
  stars_one: "{{count}} ดาว จาก 5",
  stars_other: "{{count}} ดาว จาก 5",
  none: "ยังไม่มีรีวิว",
  by: "{{name}} · {{date}}",
  photo: "รูปจาก {{name}}",
  more: "ดูรีวิวเพิ่มเติม",
  form: {
    writeHeading: "เขียนรีวิว",
    editHeading: "แก้ไขรีวิวของคุณ",
    intro: "รีวิวจะแสดงหลังจากทีมงานตรวจสอบแล้ว",
    rating: "คะแนนของคุณ",
    ratingOption_one: "{{count}} ดาว",
    ratingOption_other: "{{count}} ดาว",
    body: "รีวิวของคุณ",
    bodyHint: "{{min}} ถึง {{max}} ตัวอักษร",
    photo: "รูปภาพ",
    photoHint: "ไฟล์ PNG, JPEG, GIF, BMP หรือ WebP ขนาดไม่เกิน {{max}}",
    currentPhoto: "รูปของคุณ",
    removePhoto: "ลบรูปภาพ",
    submit: "ส่งรีวิว",
    update: "อัปเดตรีวิว",
    submitting: "กำลังส่ง…",
    editNote: "เมื่อแก้ไขรีวิว ทีมงานจะตรวจสอบอีกครั้ง",
    back: "กลับไปที่สินค้า",
  },
  own: {
    pending: "รีวิวของคุณกำลังรอการตรวจสอบ",
    approved: "รีวิวของคุณเผยแพร่แล้ว",
    hidden: "รีวิวของคุณไม่ได้แสดง",
  },
  cannot: {
    "sign-in": "เข้าสู่ระบบเพื่อรีวิวสินค้าที่คุณซื้อ",
    "not-bought": "เฉพาะลูกค้าที่ซื้อสินค้านี้เท่านั้นที่รีวิวได้",
    "not-completed": "คุณรีวิวสินค้านี้ได้เมื่อคำสั่งซื้อเสร็จสมบูรณ์แล้ว",
    signInLink: "เข้าสู่ระบบ",
  },
  purchase: {
    write: "เขียนรีวิว",
    edit: "แก้ไขรีวิวของคุณ",
  },
  flash: {
    saved: "ขอบคุณ! รีวิวของคุณจะแสดงหลังจากทีมงานตรวจสอบแล้ว",
  },
  validation: {
    "sign-in": "เข้าสู่ระบบเพื่อรีวิวสินค้าที่คุณซื้อ",
    "not-bought": "เฉพาะลูกค้าที่ซื้อสินค้านี้เท่านั้นที่รีวิวได้",
    "not-completed": "คุณรีวิวสินค้านี้ได้เมื่อคำสั่งซื้อเสร็จสมบูรณ์แล้ว",
    "photo-too-large": "รูปภาพต้องมีขนาดไม่เกิน {{count}} MB",
    "photo-not-image": "รูปภาพต้องเป็นไฟล์ PNG, JPEG, GIF, BMP หรือ WebP",
  },
  errors: {
    invalid: "ข้อมูลในแบบฟอร์มไม่ถูกต้อง กรุณาลองอีกครั้ง",
  },
} satisfies Translation<typeof en>;
