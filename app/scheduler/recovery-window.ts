// What a node that has just become primary settles against Twilio's message log (see
// app/sms/inbound-recovery.server.ts and docs/operations.md, "Failover").

/** The farthest back recovery reads: the scheduler's catch-up window; an older text is not recovered. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 60 * 1000;
/** Read a little before the last finished tick started: the two machines' clocks may disagree. */
export const CLOCK_MARGIN_MS = 60 * 1000;

/**
 * Where recovery starts reading the log. What LiteFS can lose is the tail the old primary had not
 * shipped, all of it after the last transaction this node has: a finished tick's row is one, so the
 * log before it started is on record. Never further back than the window.
 */
export function recoveryWindowStart(now: Date, lastFinishedTickStartedAt: Date | null) {
  const floor = now.getTime() - RECOVERY_WINDOW_MS;
  if (!lastFinishedTickStartedAt) return new Date(floor);
  return new Date(Math.max(floor, lastFinishedTickStartedAt.getTime() - CLOCK_MARGIN_MS));
}

export type LoggedText = {
  sid: string;
  inbound: boolean;
  from: string;
  to: string;
  body: string;
  sentAt: Date;
};

/** The key a scheduled text is matched by: its number and its words (the new primary computes the same ones). */
export const outboundKey = (to: string, body: string) => `${to}\n${body}`;

/**
 * Splits the log's texts that our database lacks into replies to read and answer (oldest first, as
 * they were sent) and texts we sent, by number and words (the latest sid for each).
 */
export function missingFromRecord(
  log: LoggedText[],
  known: { inbound: Set<string>; outbound: Set<string> },
) {
  const inbound = log
    .filter((m) => m.inbound && !known.inbound.has(m.sid))
    .sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  const outbound = new Map<string, string>();
  for (const m of [...log].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime())) {
    if (!m.inbound && !known.outbound.has(m.sid)) outbound.set(outboundKey(m.to, m.body), m.sid);
  }
  return { inbound, outbound };
}
