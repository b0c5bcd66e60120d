import type { Translation } from "../../types";
import type en from "../en/lists";

export default {
  search: "ค้นหา",
  searchSubmit: "ค้นหา",
  apply: "กรอง",
  clear: "ล้าง",
  emptyFiltered: "ไม่พบรายการที่ตรงกับการค้นหานี้",
  filters: "ตัวกรอง",
  resultCount_one: "{{count}} รายการ",
  resultCount_other: "{{count}} รายการ",
  sortBy: "เรียงตาม{{column}}",
  sortedAscending: "เรียงจากน้อยไปมาก",
  sortedDescending: "เรียงจากมากไปน้อย",
  exportCsv: "ส่งออก CSV",
  exportHint: "ทุกแถวของรายการที่กรองแล้ว ทุกหน้า",
  printView: "มุมมองสำหรับพิมพ์",
  print: "พิมพ์",
  backToList: "กลับไปที่รายการ",
  printedAt: "พิมพ์เมื่อ {{date}}",
  truncated: "แสดง {{count}} แถวแรกจากทั้งหมด {{total}} แถว กรุณากรองให้แคบลงเพื่อดูส่วนที่เหลือ",
  selection: {
    label: "แถวที่เลือก",
    selectAll: "เลือกทุกแถวในหน้านี้",
    selectRow: "เลือก {{name}}",
    count_one: "เลือกแล้ว {{count}} รายการ",
    count_other: "เลือกแล้ว {{count}} รายการ",
    hint: "เลือกแถวที่ต้องการ แล้วเลือกสิ่งที่จะทำ",
    actions: "ทำกับแถวที่เลือก",
  },
  validation: {
    noneSelected: "กรุณาเลือกอย่างน้อยหนึ่งแถวก่อน",
  },
  exportSelected: "ส่งออกที่เลือก (CSV)",
} satisfies Translation<typeof en>;
