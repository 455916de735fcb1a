import { mayReceive, partnerState } from "~/partners/partner-state";
import { shareUrl } from "~/sharing/share-links.server";
import { templates } from "~/replies/templates";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import type { WeekStart } from "~/utils/time/week-start";
import { BILLING_COLUMNS, mayReceiveScheduledTexts, type BillingRow } from "./access.server";
import type { SummaryKind } from "~/summaries/summary-days";
import type { Slot } from "./due-times";
import { summaryFigures, summaryPath } from "../summaries/summaries.server";
import type { Candidate } from "./send-types";

const CHUNK = 500;

type PartnerRow = BillingRow & {
  partner_id: number;
  phone: string;
  inviter_name: string;
  status: "invited" | "active" | "declined";
  weekly_summary: number;
  monthly_summary: number;
  evening_notes: number;
  token: string | null;
  user_id: number;
  timezone: string;
  week_starts_on: WeekStart;
};

// Opted-out numbers are left to the send step, which checks the registry right before every text.
const activePartners = preparedQuery(() =>
  sqlite.prepare<Record<string, unknown>, PartnerRow>(
    `select p.id as partner_id, p.phone, p.inviter_name, p.status, p.weekly_summary, p.monthly_summary,
     p.evening_notes, l.token, u.id as user_id, u.timezone, u.week_starts_on,
     ${BILLING_COLUMNS}
   from partners p join users u on u.id = p.user_id
   left join share_links l on l.id = p.share_link_id and l.revoked_at is null
   where u.timezone = @tz and p.status = 'active' and p.id > @after
   order by p.id limit ${CHUNK}`,
  ),
);

/**
 * The summaries due to coaches and partners in one zone's slot: only to those who said YES and chose
 * this summary, only while the user's plan allows scheduled texts, each with the link made for them.
 */
export function partnerSummaryBatches(tz: string, kind: SummaryKind, slot: Slot): Candidate[][] {
  const batches: Candidate[][] = [];
  for (let after = 0; ;) {
    const rows = activePartners().all({ tz, after });
    if (rows.length === 0) break;
    batches.push(
      rows.filter((row) => isDue(row, kind, slot)).map((row) => toCandidate(row, kind, slot)),
    );
    after = rows.at(-1)!.partner_id;
    if (rows.length < CHUNK) break;
  }
  return batches;
}

function isDue(row: PartnerRow, kind: SummaryKind, slot: Slot) {
  const choices = {
    weeklySummary: row.weekly_summary === 1,
    monthlySummary: row.monthly_summary === 1,
    eveningNotes: row.evening_notes === 1,
  };
  return (
    row.token !== null &&
    mayReceive(partnerState(row.status, false), choices, kind) &&
    mayReceiveScheduledTexts(row, slot.dueAt)
  );
}

function toCandidate(row: PartnerRow, kind: SummaryKind, slot: Slot): Candidate {
  const owner = { id: row.user_id, timezone: row.timezone, weekStartsOn: row.week_starts_on };
  const figures = summaryFigures(owner, kind, slot.localDate, slot.dueAt);
  return {
    userId: row.user_id,
    phone: row.phone,
    toPhone: row.phone,
    kind: kind === "weekly_summary" ? "partner_weekly" : "partner_monthly",
    localDate: `${slot.localDate}:p${row.partner_id}`,
    dueAt: slot.dueAt,
    body: templates.partnerSummary(
      row.inviter_name,
      kind,
      figures,
      shareUrl(row.token!, summaryPath(kind, slot.localDate)),
    ),
  };
}
