// Tax documents (issue 17): the seller section of /backend/setting, the billing lists and forms, and
// the printed tax invoice, receipt and credit note.
export default {
  kinds: {
    tax_invoice: "Tax invoice",
    abbreviated_tax_invoice: "Abbreviated tax invoice",
    receipt: "Receipt",
    tax_invoice_receipt: "Tax invoice / receipt",
    credit_note: "Credit note",
  },
  seller: {
    heading: "Seller (tax documents)",
    intro: "Printed on every tax invoice, receipt and credit note as they are issued; a later change does not alter documents already issued.",
    vatRegisteredHint: "Only a VAT-registered shop issues tax invoices; otherwise orders get receipts.",
    branchHint: "00000 for the head office, or the branch number (up to 5 digits).",
    prefixesLegend: "Document number prefixes",
    prefixesHint: "Capital letters or digits, up to 8. Numbers read PREFIX-2569-000001 (Buddhist-era year).",
  },
  fields: {
    sellerNameTh: "Registered name (Thai)",
    sellerNameEn: "Registered name (English)",
    sellerAddressTh: "Registered address (Thai)",
    sellerAddressEn: "Registered address (English)",
    sellerTaxId: "Tax id (13 digits)",
    sellerBranch: "Head office or branch number",
    sellerVatRegistered: "Registered for VAT",
    prefixTaxInvoice: "Tax invoice",
    prefixAbbreviated: "Abbreviated tax invoice",
    prefixReceipt: "Receipt",
    prefixTaxInvoiceReceipt: "Tax invoice / receipt",
    prefixCreditNote: "Credit note",
  },
  validation: {
    taxId: "{{field}} must be 13 digits with a valid check digit",
    branch: "{{field}} must be up to 5 digits (00000 = head office)",
    prefix: "{{field}} may have capital letters and digits only, up to 8",
    prefixRepeated: "{{field}}: each document kind needs its own prefix",
    requiredForVat: "{{field}} is required for a VAT-registered shop",
  },
} as const;
