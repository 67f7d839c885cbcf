/** The settings page's sections in page order; the nav at its top links to each. */
export const SETTINGS_SECTIONS = [
  { anchor: "general", title: "General" },
  { anchor: "branding", title: "Branding" },
  { anchor: "membership", title: "Membership" },
  { anchor: "plans", title: "Plans" },
  { anchor: "payments", title: "Payments" },
  { anchor: "promo-codes", title: "Promo codes" },
  { anchor: "danger-zone", title: "Danger zone" },
] as const;
