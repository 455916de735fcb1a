/** The plans as sold; every page that shows a price reads it from here, so no two can disagree. */
export const PLANS = [
  {
    id: "basic",
    name: "Basic",
    priceCents: 999,
    summary: "Daily SMS check-ins, streaks, progress tracking and weekly summaries",
  },
  {
    id: "premium",
    name: "Premium",
    priceCents: 1999,
    summary: "Everything in Basic, plus AI-powered feedback on every check-in",
  },
] as const;

export type PlanId = (typeof PLANS)[number]["id"];

export function formatMonthlyPrice(priceCents: number) {
  return `$${(priceCents / 100).toFixed(2)}/month`;
}
