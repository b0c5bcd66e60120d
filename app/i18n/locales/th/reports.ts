import type en from "../en/reports";
import type { Translation } from "../../types";

export default {
  total: "รวม",
  backToReport: "กลับไปที่รายงาน",
  rowsRead_one: "อ่านข้อมูล {{count}} แถว",
  rowsRead_other: "อ่านข้อมูล {{count}} แถว",
  period: {
    range: "{{from}} – {{to}}",
  },
  filters: {
    from: "ตั้งแต่",
    to: "ถึง",
    group: "จัดกลุ่มตาม",
    month: "เดือน",
    all: "ทั้งหมด",
  },
  groups: {
    auto: "อัตโนมัติ",
    day: "วัน",
    week: "สัปดาห์",
    month: "เดือน",
  },
  chart: {
    tableNote: "ตัวเลขอยู่ในตารางด้านล่าง",
  },
  sponsor: {
    heading: "รายงานผู้สนับสนุน",
    intro: "คำสั่งซื้อของผู้สนับสนุนและตัวแทนจำหน่ายที่ชำระเงินแล้ว นับตามวันที่ชำระเงิน",
    chart: "มูลค่าในแต่ละช่วง",
    empty: "ไม่มีคำสั่งซื้อของผู้สนับสนุนหรือตัวแทนจำหน่ายที่ชำระเงินแล้วในช่วงนี้",
    sponsorFilter: "ผู้สนับสนุน",
    columns: {
      partner: "ผู้สนับสนุนหรือตัวแทนจำหน่าย",
      kind: "ประเภท",
      orders: "คำสั่งซื้อ",
      quantity: "จำนวนชิ้น",
      value: "มูลค่า",
    },
    kinds: {
      sponsor: "ผู้สนับสนุน",
      distributor: "ตัวแทนจำหน่าย",
    },
  },
} satisfies Translation<typeof en>;
