// Spec §1: the privacy text shown in the "membership terms" dialog.
export default {
  title: "Membership terms",
  intro:
    "{{company}} (“the Company”) respects your privacy. When you register as a member, you agree that the Company may collect, use and keep your personal data as described below, in line with Thailand's Personal Data Protection Act B.E. 2562 (2019).",
  controller: {
    heading: "Data controller",
    body: "The data controller of your personal data is the Company, {{company}}.",
  },
  purpose: {
    heading: "Purpose",
    body: "The Company collects your personal data to collect shipping service fees and to deliver your orders to you.",
  },
  data: {
    heading: "Personal data we collect",
    body: "Name, surname, address, phone number and e-mail address.",
  },
  retention: {
    heading: "How long we keep it",
    body: "The Company keeps your personal data for {{months}} months, after which it is deleted or made anonymous.",
  },
  rights: {
    heading: "Withdrawing consent and complaints",
    body: "You may withdraw your consent, or make a complaint about how your personal data is used, at any time by written notice sent to",
  },
  breach: {
    heading: "Data breaches",
    body: "If a personal data breach occurs, the Company will notify the Office of the Personal Data Protection Committee within {{hours}} hours of becoming aware of it.",
  },
  policy: {
    before: "For full details, read our",
    link: "privacy policy",
  },
} as const;
