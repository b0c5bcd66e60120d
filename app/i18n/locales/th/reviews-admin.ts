import type { Translation } from "../../types";
import type en from "../en/reviews-admin";

export default {
  meta: { title: "รีวิว" },
  statuses: {
    pending: "รอตรวจสอบ",
    approved: "อนุมัติแล้ว",
    hidden: "ซ่อนแล้ว",
  },
  stars_one: "{{count}} ดาว จาก 5",
  stars_other: "{{count}} ดาว จาก 5",
  starsFilter: {
    1: "1 ดาว",
    2: "2 ดาว",
    3: "3 ดาว",
    4: "4 ดาว",
    5: "5 ดาว",
  },
  list: {
    heading: "รีวิว",
    intro: "รีวิวจากลูกค้าที่คำสั่งซื้อสินค้านั้นเสร็จสมบูรณ์แล้ว เฉพาะรีวิวที่อนุมัติแล้วจะแสดงในร้านและนับในคะแนนเฉลี่ยของสินค้า",
    searchPlaceholder: "สินค้า ลูกค้า หรือข้อความ",
    empty: "ยังไม่มีรีวิว",
    allStatuses: "ทุกสถานะ",
    allRatings: "ทุกคะแนน",
    photo: "รูปภาพ",
    approve: "อนุมัติ",
    hide: "ซ่อน",
    columns: {
      product: "สินค้า",
      customer: "ลูกค้า",
      email: "อีเมล",
      rating: "ดาว",
      body: "รีวิว",
      status: "สถานะ",
      updated: "วันที่เขียน",
      actions: "การจัดการ",
    },
  },
  bulk: {
    approve: "อนุมัติ",
    hide: "ซ่อน",
    approveDone_one: "อนุมัติ {{count}} รีวิวแล้ว",
    approveDone_other: "อนุมัติ {{count}} รีวิวแล้ว",
    hideDone_one: "ซ่อน {{count}} รีวิวแล้ว",
    hideDone_other: "ซ่อน {{count}} รีวิวแล้ว",
  },
  validation: {
    unknownAction: "ไม่รู้จักคำสั่งนี้",
  },
} satisfies Translation<typeof en>;
