import {
  MAX_INVITATIONS_PER_ACCOUNT_PER_DAY,
  MAX_INVITATIONS_PER_NUMBER,
  REINVITE_AFTER_DAYS,
  MAX_PARTNERS_PER_USER,
  mayReceive,
  partnerState,
  respond,
  STATE_LABELS,
} from "./partner-state";
import type { PartnerChoices, PartnerState, PartnerStatus, PartnerText } from "./partner-state";
import { readPartnerAnswer } from "~/replies/interpret-commands";

const STATUSES: PartnerStatus[] = ["invited", "active", "declined"];
const STATES: PartnerState[] = ["invited", "active", "declined", "opted_out"];
const TEXTS: PartnerText[] = ["weekly_summary", "monthly_summary", "evening_note"];

describe("respond", () => {
  it.each([
    ["invited", "yes", "active"],
    ["invited", "no", "declined"],
    ["active", "yes", "active"],
    ["active", "no", "active"],
    ["declined", "yes", "active"],
    ["declined", "no", "declined"],
  ] as const)("%s + %s -> %s", (status, answer, next) => {
    expect(respond(status, answer)).toBe(next);
  });

  it("a NO after YES never takes an active partner back to declined (STOP does that job)", () => {
    expect(respond(respond("invited", "yes"), "no")).toBe("active");
  });

  it("YES after NO re-activates", () => {
    expect(respond(respond("invited", "no"), "yes")).toBe("active");
  });
});

describe("partnerState", () => {
  it.each(STATUSES)("is the stored status %s while the number has not opted out", (status) => {
    expect(partnerState(status, false)).toBe(status);
  });

  it.each(STATUSES)("is opted_out whatever the stored status (%s) once STOP was sent", (status) => {
    expect(partnerState(status, true)).toBe("opted_out");
  });

  it("has a label for every state", () => {
    expect(Object.keys(STATE_LABELS).sort()).toEqual([...STATES].sort());
    expect(STATE_LABELS.opted_out).toBe("Opted out");
  });
});

describe("readPartnerAnswer", () => {
  it.each([
    "YES",
    "yes",
    "Yes",
    " yes ",
    "Yes.",
    "YES!",
    "yes!!!",
    "y",
    "Y",
    "yeah",
    "Yep",
    "sure",
    "OK",
    "ok.",
    "okay",
    "Accept",
    "I accept",
    "i  accept",
    "I ACCEPT!",
    "yes\n",
  ])("reads %j as yes", (text) => {
    expect(readPartnerAnswer(text)).toBe("yes");
  });

  it.each([
    "NO",
    "no",
    "No.",
    " no ",
    "n",
    "N",
    "nope",
    "No thanks",
    "no  thanks!",
    "No thank you.",
    "decline",
    "DECLINE",
  ])("reads %j as no", (text) => {
    expect(readPartnerAnswer(text)).toBe("no");
  });

  it.each([
    "",
    "   ",
    "yes I ran",
    "1 and 2",
    "did 1 and 3",
    "yess",
    "no way I'm doing that today",
    "not now",
    "maybe",
    "STOP",
    "HELP",
    "yes no",
    "ok ok",
    "y.n",
    "know",
  ])("does not read %j as an answer", (text) => {
    expect(readPartnerAnswer(text)).toBeNull();
  });
});

describe("mayReceive", () => {
  const only = (choice: keyof PartnerChoices): PartnerChoices => ({
    weeklySummary: choice === "weeklySummary",
    monthlySummary: choice === "monthlySummary",
    eveningNotes: choice === "eveningNotes",
  });
  const CHOICES: Record<string, PartnerChoices> = {
    none: { weeklySummary: false, monthlySummary: false, eveningNotes: false },
    weekly: only("weeklySummary"),
    monthly: only("monthlySummary"),
    evening: only("eveningNotes"),
    all: { weeklySummary: true, monthlySummary: true, eveningNotes: true },
  };
  const chosen: Record<PartnerText, keyof PartnerChoices> = {
    weekly_summary: "weeklySummary",
    monthly_summary: "monthlySummary",
    evening_note: "eveningNotes",
  };

  const cases = STATES.flatMap((state) =>
    Object.entries(CHOICES).flatMap(([choiceName, choices]) =>
      TEXTS.map((text) => ({
        state,
        choiceName,
        choices,
        text,
        expected: state === "active" && choices[chosen[text]],
      })),
    ),
  );

  it("covers every state, choice and text", () => {
    expect(cases).toHaveLength(STATES.length * 5 * TEXTS.length);
  });

  it.each(cases)(
    "$state partner who chose $choiceName: $text -> $expected",
    ({ state, choices, text, expected }) => {
      expect(mayReceive(state, choices, text)).toBe(expected);
    },
  );

  it("sends only what was chosen, and only to an active partner", () => {
    expect(mayReceive("active", CHOICES.weekly!, "weekly_summary")).toBe(true);
    expect(mayReceive("active", CHOICES.weekly!, "monthly_summary")).toBe(false);
    expect(mayReceive("active", CHOICES.weekly!, "evening_note")).toBe(false);
    for (const state of ["invited", "declined", "opted_out"] as const) {
      for (const text of TEXTS) expect(mayReceive(state, CHOICES.all!, text)).toBe(false);
    }
  });
});

describe("limits", () => {
  it("are the ones Settings promises", () => {
    expect(MAX_PARTNERS_PER_USER).toBe(5);
    expect(MAX_INVITATIONS_PER_ACCOUNT_PER_DAY).toBe(3);
    expect(MAX_INVITATIONS_PER_NUMBER).toBe(3);
    expect(REINVITE_AFTER_DAYS).toBe(30);
  });
});
