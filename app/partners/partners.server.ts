import { and, count, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { Partner } from "../../db/schema";
import { createShareLink, revokeShareLink } from "~/sharing/share-links.server";
import { isOptedOut, optIn } from "~/sms/may-text.server";
import { formatUsPhone } from "~/users/phone";
import { sendTextToNumber } from "~/sms/outbound.server";
import { templates } from "~/replies/templates";
import { getUserById } from "~/users/users.server";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { isPlainName } from "~/utils/forms/plain-name";
import {
  MAX_INVITATIONS_PER_ACCOUNT_PER_DAY,
  MAX_INVITATIONS_PER_NUMBER,
  MAX_PARTNERS_PER_USER,
  REINVITE_AFTER_DAYS,
  mayReceive,
  partnerState,
  respond,
  STATE_LABELS,
} from "./partner-state";
import type { PartnerAnswer } from "./partner-state";
import { readPartnerAnswer } from "~/replies/interpret-commands";
import type { PartnerInput } from "./partner-schema";

const { partners, partnerInvitations, smsOptOuts } = schema;

export class PartnerError extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

function invitationsSince(where: SQL | undefined) {
  return db.select({ n: count() }).from(partnerInvitations).where(where).get()?.n ?? 0;
}

/** Whether the number has said YES to anyone: it knows us and may hear from another inviter. */
function hasAccepted(phone: string) {
  return Boolean(
    db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.phone, phone), eq(partners.status, "active")))
      .get(),
  );
}

function checkCanInvite(userId: number, input: PartnerInput, now: Date) {
  const owner = getUserById(userId);
  if (!owner) throw new PartnerError("Your account no longer exists.");
  // Invitations are texts to strangers: only a verified account may cause them.
  if (!owner.phoneVerifiedAt) {
    throw new PartnerError("Verify your phone number before inviting a coach or partner.");
  }
  if (owner.phone === input.phone) throw new PartnerError("That is your own number.");
  if (!isPlainName(input.inviterName) || !isPlainName(input.name)) {
    throw new PartnerError("Names can only be names: no links, addresses or numbers.");
  }
  const existing = db
    .select({ n: count() })
    .from(partners)
    .where(eq(partners.userId, userId))
    .get()?.n;
  if ((existing ?? 0) >= MAX_PARTNERS_PER_USER) {
    throw new PartnerError(
      `You can have up to ${MAX_PARTNERS_PER_USER} coaches and partners. Remove one to add another.`,
    );
  }
  const duplicate = db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.userId, userId), eq(partners.phone, input.phone)))
    .get();
  if (duplicate) throw new PartnerError("You have already added this number.");
  const day = new Date(now.getTime() - DAY_MS);
  if (
    invitationsSince(
      and(eq(partnerInvitations.userId, userId), gt(partnerInvitations.createdAt, day)),
    ) >= MAX_INVITATIONS_PER_ACCOUNT_PER_DAY
  ) {
    throw new PartnerError(
      `You can send up to ${MAX_INVITATIONS_PER_ACCOUNT_PER_DAY} invitations a day. Please try again tomorrow.`,
    );
  }
  const window = and(
    eq(partnerInvitations.phone, input.phone),
    gt(partnerInvitations.createdAt, new Date(now.getTime() - REINVITE_AFTER_DAYS * DAY_MS)),
  );
  const invited = invitationsSince(window);
  if (invited >= MAX_INVITATIONS_PER_NUMBER || (invited > 0 && !hasAccepted(input.phone))) {
    throw new PartnerError(
      "This number was invited recently and has not accepted, so we won't text it again for now.",
    );
  }
}

/**
 * Adds a coach or partner and sends the one invitation text; nothing else reaches the number until it
 * replies YES. Their summaries will carry a share link made for them (no photos, no expiry).
 */
export async function addPartner(userId: number, input: PartnerInput, now = new Date()) {
  checkCanInvite(userId, input, now);
  const partner = sqlite.transaction(() => {
    const link = createShareLink(
      userId,
      {
        label: `Summaries for ${input.name}`,
        ownerName: input.inviterName,
        includePhotos: false,
        expires: "never",
      },
      now,
    );
    db.insert(partnerInvitations).values({ phone: input.phone, userId, createdAt: now }).run();
    return db
      .insert(partners)
      .values({ ...input, userId, status: "invited", invitedAt: now, shareLinkId: link.id })
      .returning()
      .get();
  })();
  const sent = await sendTextToNumber(
    partner.phone,
    templates.partnerInvitation(input.inviterName, input.role),
  );
  return { partner, invitationSent: sent };
}

export function listPartners(userId: number) {
  const rows = db.select().from(partners).where(eq(partners.userId, userId)).all();
  const optedOut = new Set(
    rows.length
      ? db
          .select({ phone: smsOptOuts.phone })
          .from(smsOptOuts)
          .where(
            inArray(
              smsOptOuts.phone,
              rows.map((r) => r.phone),
            ),
          )
          .all()
          .map((r) => r.phone)
      : [],
  );
  return rows.map((row) => ({ ...row, state: partnerState(row.status, optedOut.has(row.phone)) }));
}

/** Removes one of the user's own partners and revokes the link their texts carried. */
export function removePartner(userId: number, partnerId: number) {
  const partner = db
    .select()
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.userId, userId)))
    .get();
  if (!partner) return false;
  sqlite.transaction(() => {
    db.delete(partners).where(eq(partners.id, partner.id)).run();
    if (partner.shareLinkId) revokeShareLink(userId, partner.shareLinkId);
  })();
  return true;
}

export function partnersOfNumber(phone: string): Partner[] {
  return db.select().from(partners).where(eq(partners.phone, phone)).all();
}

/**
 * A YES or NO from a number with open invitations answers all of them; the reply names whose
 * summaries it will get. Null when the number has nothing to answer.
 */
export function answerInvitations(phone: string, answer: PartnerAnswer, now = new Date()) {
  const open = partnersOfNumber(phone).filter((p) =>
    answer === "yes" ? p.status !== "active" : p.status === "invited",
  );
  if (open.length === 0) return null;
  sqlite.transaction(() => {
    for (const partner of open) {
      db.update(partners)
        .set({ status: respond(partner.status, answer), respondedAt: now })
        .where(eq(partners.id, partner.id))
        .run();
    }
  })();
  const names = open.map((p) => p.inviterName);
  return answer === "yes" ? templates.partnerAccepted(names) : templates.partnerDeclined(names);
}

/**
 * The reply to a text that answers a coach or partner invitation (YES or NO), or null when the text is
 * not one or the number has nothing open. YES is also an opt-in keyword: it lifts an earlier STOP.
 */
export function answerAsPartner(phone: string, text: string, now = new Date()) {
  const answer = readPartnerAnswer(text);
  if (!answer) return null;
  const reply = answerInvitations(phone, answer, now);
  if (reply && answer === "yes") optIn(phone);
  return reply;
}

/** The short note an active partner who chose it gets after each evening check-in. */
export async function notifyPartnersOfCheckIn(
  userId: number,
  done: number,
  total: number,
  streak: number,
) {
  const active = db
    .select()
    .from(partners)
    .where(and(eq(partners.userId, userId), eq(partners.status, "active")))
    .all()
    .filter((p) => mayReceive(partnerState(p.status, isOptedOut(p.phone)), p, "evening_note"));
  await Promise.all(
    active.map((p) =>
      sendTextToNumber(p.phone, templates.partnerEveningNote(p.inviterName, done, total, streak)),
    ),
  );
  return active.length;
}

/** The rows Settings lists: who, their consent state and what they get. */
export function partnersForSettings(userId: number) {
  return listPartners(userId).map((p) => ({
    id: p.id,
    name: p.name,
    phone: formatUsPhone(p.phone),
    role: p.role,
    state: p.state,
    stateLabel: STATE_LABELS[p.state],
    shares:
      [
        p.weeklySummary && "weekly summary",
        p.monthlySummary && "monthly summary",
        p.eveningNotes && "evening check-in notes",
      ]
        .filter(Boolean)
        .join(", ") || "nothing",
  }));
}
