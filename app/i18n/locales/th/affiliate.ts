import type { Translation } from "../../types";
import type en from "../en/affiliate";

// ใบสมัครพันธมิตรหน้าร้าน และอีเมลตอบรับ
export default {
  meta: {
    title: "สมัครเป็นพันธมิตร Pryde",
    description: "สมัครเพื่อโปรโมต Pryde บนช่องทางโซเชียลของคุณ",
  },
  heading: "สมัครเป็นพันธมิตร Pryde",
  intro: "บอกเราเกี่ยวกับตัวคุณและช่องทางที่คุณโพสต์ ทีมงานจะพิจารณาทุกใบสมัครและตอบกลับทางอีเมล",
  sections: {
    about: "เกี่ยวกับคุณ",
    channels: "ช่องทางโซเชียลของคุณ",
    channelsHint: "อย่างน้อยหนึ่งช่องทาง: ชื่อผู้ใช้ (@name) หรือลิงก์ไปยังเพจของคุณ",
    identity: "ยืนยันตัวตน",
  },
  fields: {
    firstName: "ชื่อ",
    lastName: "นามสกุล",
    email: "อีเมล",
    phone: "เบอร์โทรศัพท์",
    facebook: "Facebook",
    instagram: "Instagram",
    line: "LINE",
    tiktok: "TikTok",
    channels: "ช่องทางโซเชียล",
    nationalId: "เลขประจำตัวประชาชน",
    nationalIdHint: "13 หลัก ใส่ขีดได้ (1-2345-67890-12-3)",
    note: "ข้อมูลเพิ่มเติม",
  },
  validation: {
    required: "กรุณากรอก{{field}}",
    phoneInvalid: "{{field}}ต้องเป็นตัวเลข 9 ถึง 15 หลัก",
    channelInvalid: "{{field}}: ใส่ชื่อผู้ใช้ เช่น @name หรือลิงก์ที่ขึ้นต้นด้วย https://",
    channelsRequired: "กรอกช่องทางโซเชียลอย่างน้อยหนึ่งช่องทาง",
    nationalIdFormat: "{{field}}ต้องเป็นตัวเลข 13 หลัก",
    nationalIdChecksum: "{{field}}ไม่ถูกต้อง (เลขตรวจสอบไม่ตรงกัน)",
    invalid: "{{field}}ไม่ถูกต้อง",
    duplicate: "{{field}}นี้มีใบสมัครรอการพิจารณาอยู่แล้ว (หรือได้รับอนุมัติแล้ว)",
  },
  duplicate: "มีใบสมัครที่ใช้เลขประจำตัวประชาชนนี้รอการพิจารณาอยู่แล้ว (หรือได้รับอนุมัติแล้ว) เราจะตอบกลับทางอีเมล",
  submit: "ส่งใบสมัคร",
  submitting: "กำลังส่ง…",
  thanks: {
    heading: "ขอบคุณที่สมัคร!",
    body: "เราได้รับใบสมัครของคุณแล้ว และส่งอีเมลยืนยันไปให้คุณ ทีมงานจะติดต่อกลับหลังการพิจารณา",
    home: "กลับไปที่ร้าน",
  },
  email: {
    subject: "เราได้รับใบสมัครพันธมิตร Pryde ของคุณแล้ว",
    body: "ขอบคุณที่สมัครเป็นพันธมิตรของ Pryde ทีมงานจะพิจารณาใบสมัครและตอบกลับมาที่อีเมลนี้",
    action: "ไปที่ร้านค้า",
  },
} satisfies Translation<typeof en>;
