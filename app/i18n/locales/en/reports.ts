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
