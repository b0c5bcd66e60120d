import type { Translation } from "../../types";
import type en from "../en/forms";

export default {
  validation: {
    summary: "กรุณาตรวจสอบช่องที่ทำเครื่องหมายไว้ด้านล่าง",
    required: "กรุณากรอก{{field}}",
    tooShort_one: "{{field}}ต้องมีอย่างน้อย {{count}} ตัวอักษร",
    tooShort_other: "{{field}}ต้องมีอย่างน้อย {{count}} ตัวอักษร",
    tooLong_one: "{{field}}ต้องมีไม่เกิน {{count}} ตัวอักษร",
    tooLong_other: "{{field}}ต้องมีไม่เกิน {{count}} ตัวอักษร",
    exactLength_one: "{{field}}ต้องมี {{count}} ตัวอักษรพอดี",
    exactLength_other: "{{field}}ต้องมี {{count}} ตัวอักษรพอดี",
    min: "{{field}}ต้องไม่น้อยกว่า {{count}}",
    max: "{{field}}ต้องไม่เกิน {{count}}",
    number: "{{field}}ต้องเป็นตัวเลข",
    wholeNumber: "{{field}}ต้องเป็นจำนวนเต็ม",
    baht: "{{field}}ต้องเป็นจำนวนเงินบาท เช่น 590 หรือ 590.50",
    numbersOnly: "{{field}}ต้องเป็นตัวเลขเท่านั้น",
    email: "อีเมลไม่ถูกต้อง",
    choice: "กรุณาเลือก{{field}}จากรายการ",
    tooFew: "กรุณาเลือก{{field}}อย่างน้อย {{count}} รายการ",
    tooMany: "เลือก{{field}}ได้ไม่เกิน {{count}} รายการ",
    fileType: "{{field}}: รองรับเฉพาะรูปภาพหรือ PDF",
    fileTooLarge: "{{field}}มีขนาดใหญ่เกินไป",
    invalid: "{{field}}ไม่ถูกต้อง",
  },
  optional: "(ไม่บังคับ)",
  submitting: "กำลังบันทึก…",
  /** The way out of a "really do this?" question (app/ui/confirm-dialog.tsx), on the storefront and in the back office alike. */
  goBack: "ย้อนกลับ",
} satisfies Translation<typeof en>;
