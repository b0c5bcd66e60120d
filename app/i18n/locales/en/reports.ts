/** The back-office reports (issue 18): the report kit (app/ui/backend/report-page.tsx) and each report. */
export default {
  total: "Total",
  backToReport: "Back to the report",
  rowsRead_one: "{{count}} row read",
  rowsRead_other: "{{count}} rows read",
  period: {
    range: "{{from}} – {{to}}",
  },
  filters: {
    from: "From",
    to: "To",
    group: "Group by",
    month: "Month",
    all: "All",
  },
  groups: {
    auto: "Automatic",
    day: "Day",
    week: "Week",
    month: "Month",
  },
  chart: {
    tableNote: "Figures in the table below",
  },
  outputTax: {
    heading: "Output tax report",
    intro:
      "Tax documents issued in the month, in the Revenue Department's column order. Credit notes lower the month's figures; voided documents stay listed at zero.",
    chart: "Value and VAT per day",
    empty: "No tax documents were issued in this month.",
    seller: "Seller",
    sellerTaxId: "Seller's tax id",
    sellerBranch: "Head office or branch",
    headOffice: "Head office",
    branch: "Branch {{number}}",
    retailBuyer: "Retail sale",
    creditNote: "credit note",
    void: "Void",
    columns: {
      date: "Date",
      number: "Document number",
      buyer: "Buyer",
      taxId: "Buyer's tax id",
      branch: "Head office / branch",
      state: "Note",
      value: "Value before VAT",
      vat: "VAT",
    },
  },
  sponsor: {
    heading: "Sponsor report",
    intro: "Paid sponsor and distributor orders, counted on the day they were paid.",
    chart: "Value per period",
    empty: "No paid sponsor or distributor orders in this period.",
    sponsorFilter: "Sponsor",
    columns: {
      partner: "Sponsor or distributor",
      kind: "Kind",
      orders: "Orders",
      quantity: "Items",
      value: "Value",
    },
    kinds: {
      sponsor: "Sponsor",
      distributor: "Distributor",
    },
  },
} as const;
