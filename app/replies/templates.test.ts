import { segmentCount, smsEncoding } from "~/sms/segments";
import {
  changeEcho,
  feedbackBeyond,
  fitted,
  greetingAt,
  LIST_SEGMENTS,
  MAX_SEGMENTS,
  numberedInOrder,
  templates,
  withFeedback,
} from "./templates";
import type { CheckInChanges } from "./templates";

const longGoals = [
  "Finish the quarterly financial report for the board meeting including all appendices",
  "Run 10 kilometers along the river trail before breakfast without stopping",
  "Call mom and talk about the holiday travel plans for December",
  "Read two chapters of the book club novel and write notes",
  "Clean the garage, sort the recycling and take the old paint to the depot",
];
const emojiGoals = [
  "Drink water 💧",
  "Meditate 🧘 for 10 minutes",
  "Walk the dog 🐕 twice around the park",
];

const listedLong = longGoals.map((description, i) => ({
  number: i + 1,
  description,
  state: (["open", "done", "skipped"] as const)[i % 3]!,
}));

const changes = (c: Partial<CheckInChanges> = {}): CheckInChanges => ({
  done: [],
  skipped: [],
  tomorrow: [],
  kept: [],
  ...c,
});

const cases: Record<string, string[]> = {
  morningQuestion: [
    templates.morningQuestion(),
    templates.morningQuestion(numberedInOrder(["Meditate", "Read 20 pages"])),
    templates.morningQuestion(numberedInOrder(longGoals)),
    templates.morningQuestion([], numberedInOrder(["Call mom"])),
    templates.morningQuestion([], numberedInOrder(longGoals)),
    templates.morningQuestion(numberedInOrder(["Meditate"]), numberedInOrder(["Call mom"])),
    templates.morningQuestion(numberedInOrder(longGoals), numberedInOrder(longGoals)),
    templates.morningQuestion(numberedInOrder(emojiGoals), numberedInOrder(emojiGoals)),
  ],
  welcome: [
    templates.welcome("Wednesday 10:00 AM", "evening"),
    templates.welcome("Thursday 7:00 AM", "morning"),
  ],
  justHabits: [
    templates.justHabits(numberedInOrder(longGoals), "7:00 PM"),
    templates.justHabits(numberedInOrder(["Floss"]), null),
  ],
  habitAdded: [templates.habitAdded(longGoals[0]!, "Mon, Wed, Fri")],
  habitStopped: [templates.habitStopped(longGoals[1]!)],
  habitRestarted: [templates.habitRestarted(longGoals[0]!, "3 times a week")],
  habitExists: [templates.habitExists(longGoals[1]!, "Mon, Wed, Fri")],
  habitNotFound: [templates.habitNotFound("yoga", longGoals), templates.habitNotFound("yoga", [])],
  habitList: [
    templates.habitList([]),
    templates.habitList(longGoals.map((title) => ({ title, schedule: "3 times a week" }))),
  ],
  eveningQuestion: [
    templates.eveningQuestion(numberedInOrder(["Run"])),
    templates.eveningQuestion(numberedInOrder(longGoals)),
    templates.eveningQuestion(numberedInOrder(emojiGoals)),
    templates.eveningQuestion([], [{ number: 1, description: "No sugar" }]),
    templates.eveningQuestion(numberedInOrder(longGoals.slice(0, 3)), [
      { number: 4, description: longGoals[3]! },
      { number: 5, description: longGoals[4]! },
    ]),
    templates.eveningQuestion(numberedInOrder(emojiGoals), [
      { number: emojiGoals.length + 1, description: "No phone after 10pm 📵" },
    ]),
  ],
  goalsSet: [
    templates.goalsSet(numberedInOrder(["Run 5k"]), "7:00 PM"),
    templates.goalsSet(numberedInOrder(longGoals), "10:00 PM"),
    templates.goalsSet(numberedInOrder(emojiGoals), "5:00 PM"),
    templates.goalsSet(numberedInOrder(longGoals), "7:00 PM", {
      passed: [
        { number: 1, time: "9:00 AM" },
        { number: 2, time: "10:30 AM" },
      ],
      tooLong: { count: 2, max: 500 },
    }),
  ],
  goalsTooLong: [templates.goalsTooLong(1, 500), templates.goalsTooLong(3, 500)],
  checkedIn: [
    templates.checkedIn(changes(), { completed: 0, total: 3 }, 0),
    templates.checkedIn(changes({ done: ["Run"] }), { completed: 1, total: 1 }, 1),
    templates.checkedIn(changes({ done: longGoals }), { completed: 5, total: 5 }, 365),
    templates.checkedIn(changes({ done: emojiGoals }), { completed: 3, total: 4 }, 12),
    templates.checkedIn(
      changes({
        done: longGoals.slice(0, 2),
        skipped: longGoals.slice(2, 4),
        tomorrow: longGoals.slice(4),
      }),
      { completed: 2, total: 4 },
      3,
    ),
    templates.checkedIn(
      changes({
        skipped: ["Run"],
        tomorrow: ["Read"],
        kept: longGoals.map((description) => ({ description, state: "done" as const })),
      }),
      { completed: 5, total: 7 },
      0,
    ),
    templates.checkedIn(changes({ skipped: ["Gym"] }), { completed: 1, total: 3 }, 4, {
      left: 2,
      refused: [],
    }),
    templates.checkedIn(changes({ done: longGoals }), { completed: 5, total: 7 }, 12, {
      left: 0,
      refused: [longGoals[0]!, longGoals[1]!],
    }),
    templates.checkedIn(changes(), { completed: 2, total: 3 }, 0, null, [longGoals[2]!]),
  ],
  goalEdited: [
    templates.goalEdited(longGoals[0]!, longGoals[1]!, listedLong),
    templates.goalEdited("Run", "Walk", []),
  ],
  undone: [
    templates.undone(`your check-in (done: ${longGoals.join(", ")})`, listedLong),
    templates.undone('removed "Run"', []),
  ],
  nothingToUndo: [templates.nothingToUndo()],
  goalRemoved: [templates.goalRemoved(longGoals[0]!, listedLong), templates.goalRemoved("Run", [])],
  goalMoved: [templates.goalMoved(longGoals[4]!, listedLong)],
  goalNotMovable: [templates.goalNotMovable()],
  photosRefused: [
    templates.photosRefused(["not_an_image"], true),
    templates.photosRefused(["too_large"], false),
    templates.photosRefused(
      ["not_an_image", "too_large", "unreadable", "not_an_image", "too_large", "unreadable"],
      true,
    ),
  ],
  proofAttached: [templates.proofAttached(longGoals[0]!)],
  noGoalsToCheck: [templates.noGoalsToCheck()],
  listGoals: [
    templates.listGoals([]),
    templates.listGoals(
      longGoals.map((description, i) => ({
        number: i + 1,
        description,
        state: i % 2 === 0 ? ("done" as const) : ("open" as const),
      })),
    ),
  ],
  stats: [
    templates.stats(1, { completed: 1, skipped: 0, missed: 0, open: 0 }),
    templates.stats(1234, { completed: 66666, skipped: 3333, missed: 30000, open: 12345 }),
  ],
  paused: [templates.paused(null), templates.paused(1), templates.paused(30)],
  pauseTooLong: [templates.pauseTooLong()],
  resumed: [templates.resumed()],
  unknown: [templates.unknown()],
  whichGoalNumber: [
    templates.whichGoalNumber(5, [
      { number: 1, description: "Finish report" },
      { number: 3, description: "Dishes" },
      { number: 4, description: "Walk with Sam" },
    ]),
    templates.whichGoalNumber(
      12,
      longGoals.map((description, i) => ({ number: i + 1, description })),
    ),
  ],
  whichGoalOf: [
    templates.whichGoalOf([
      { number: 1, description: "Call mom" },
      { number: 2, description: "Call dad" },
    ]),
    templates.whichGoalOf(longGoals.map((description, i) => ({ number: i + 1, description }))),
  ],
  isItDone: [
    templates.isItDone({ number: 4, description: "Finish the report" }),
    templates.isItDone({ number: 2, description: longGoals[0]! }),
  ],
  recordedThenAsked: [
    templates.recordedThenAsked(
      changes({ done: ["call mom"] }),
      templates.whichGoalOf([
        { number: 2, description: "floss daily" },
        { number: 3, description: "floss" },
      ]),
    ),
    templates.recordedThenAsked(
      changes({ done: longGoals.slice(0, 2), skipped: emojiGoals }),
      templates.whichGoalOf(longGoals.map((description, i) => ({ number: i + 1, description }))),
    ),
    templates.recordedThenAsked(
      changes({ done: longGoals }),
      templates.whichGoalOf([
        { number: 2, description: "floss daily" },
        { number: 3, description: "floss" },
      ]),
    ),
  ],
  noneChosen: [
    templates.noneChosen(["floss daily", "floss"]),
    templates.noneChosen(["floss"]),
    templates.noneChosen(longGoals),
    templates.noneChosen(emojiGoals),
  ],
  stopConfirmed: [templates.stopConfirmed()],
  startConfirmed: [templates.startConfirmed()],
  unverifiedKeyword: [templates.unverifiedKeyword()],
  emailChanged: [templates.emailChanged("a-rather-long-support-address@streakcoach.example.com")],
  phoneChangeRequested: [
    templates.phoneChangeRequested("0123", "a-rather-long-support-address@streakcoach.example.com"),
  ],
  phoneChanged: [
    templates.phoneChanged("0123", "a-rather-long-support-address@streakcoach.example.com"),
  ],
  help: [templates.help("support@streakcoach.app")],
  accessEnded: [
    templates.accessEnded("trial", "https://streakcoach.fly.dev"),
    templates.accessEnded("plan", "https://a-much-longer-host-name.streakcoach.example.com"),
  ],
  partnerInvitation: [
    templates.partnerInvitation("Sam", "coach"),
    templates.partnerInvitation("Maximiliane Alexandra von Hohenzollern", "partner"),
    templates.partnerInvitation("Sam 🏃", "partner"),
  ],
  partnerAccepted: [
    templates.partnerAccepted(["Sam"]),
    templates.partnerAccepted(longGoals.map((g) => g.slice(0, 40))),
  ],
  partnerDeclined: [
    templates.partnerDeclined(["Sam"]),
    templates.partnerDeclined(longGoals.map((g) => g.slice(0, 40))),
  ],
  partnerInfo: [
    templates.partnerInfo(["Sam"]),
    templates.partnerInfo(longGoals.map((g) => g.slice(0, 40))),
  ],
  partnerSummary: [
    templates.partnerSummary(
      "Sam",
      "weekly_summary",
      { set: 21, counts: { completed: 17, skipped: 1, missed: 1, open: 2 }, streak: 12 },
      `https://streakcoach.fly.dev/share/${"x".repeat(32)}/summaries/weekly/2026-11-22`,
    ),
    templates.partnerSummary(
      "Maximiliane Alexandra 🌟 Hohenzollern",
      "monthly_summary",
      {
        set: 99999,
        counts: { completed: 88888, skipped: 1111, missed: 7777, open: 2223 },
        streak: 1234,
      },
      `https://a-much-longer-host-name.streakcoach.example.com/share/${"x".repeat(32)}/summaries/monthly/2026-12-01`,
    ),
  ],
  partnerEveningNote: [
    templates.partnerEveningNote("Sam", 2, 3, 5),
    templates.partnerEveningNote("Sam 🏃 the very long name of forty chars", 1, 1, 1),
  ],
  unknownNumber: [templates.unknownNumber("https://streakcoach.fly.dev")],
  dailyTextLimit: [templates.dailyTextLimit(150)],
};

describe("greetingAt", () => {
  it("greets by the local hour, every hour of the day", () => {
    const greetings = Array.from({ length: 24 }, (_, hour) => greetingAt(hour));
    expect(greetings.slice(4, 12)).toEqual(Array(8).fill("Good morning!"));
    expect(greetings.slice(12, 17)).toEqual(Array(5).fill("Good afternoon!"));
    expect([...greetings.slice(17), ...greetings.slice(0, 4)]).toEqual(
      Array(11).fill("Good evening!"),
    );
  });

  it("leaves the scheduled morning question as it was", () => {
    expect(templates.morningQuestion()).toMatch(/^Good morning! /);
    expect(templates.morningQuestion([], [], greetingAt(17))).toMatch(/^Good evening! What are/);
  });
});

describe("SMS templates", () => {
  it("covers every template", () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(templates).sort());
  });

  it.each(Object.entries(cases))("%s fits in three segments with any input", (_name, texts) => {
    for (const text of texts) expect(segmentCount(text), text).toBeLessThanOrEqual(LIST_SEGMENTS);
  });

  it("keeps the plain templates in GSM-7 so they cost one segment where they can", () => {
    for (const text of [
      templates.morningQuestion(),
      templates.stopConfirmed(),
      templates.help("a@b.co"),
      templates.photosRefused(["not_an_image"], true),
      templates.photosRefused(["not_an_image", "too_large", "unreadable"], true),
    ]) {
      expect(segmentCount(text)).toBe(1);
    }
  });

  it("names goals carried over to the day before asking for new ones, by their day numbers", () => {
    expect(templates.morningQuestion([], numberedInOrder(["Call mom", "Pay rent"]))).toBe(
      'Good morning! Carried over to today: 1) Call mom 2) Pay rent. Any other goals for today? Reply with them, e.g. "1. Run 5k 2. Read 30 pages".',
    );
    expect(
      templates.morningQuestion(
        [{ number: 1, description: "Meditate" }],
        [{ number: 3, description: "Call mom" }],
      ),
    ).toBe(
      `Good morning! Today's habits: 1) Meditate. Carried over to today: 3) Call mom. Anything else today? Reply with your goals, or "ok" if that's all.`,
    );
  });

  it("lists some of the day's goals by their own numbers, with an example naming only those", () => {
    const goals = [
      { number: 2, description: "Finish slides" },
      { number: 3, description: "Call mom" },
      { number: 5, description: "Floss" },
    ];
    expect(templates.eveningQuestion(goals)).toBe(
      'Evening check-in: which goals did you finish? 2) Finish slides 3) Call mom 5) Floss. Reply e.g. "2 and 5", "all" or "none". A photo as proof is welcome.',
    );
    expect(templates.goalsSet(goals, "7:00 PM")).toContain(
      "3 goals for today: 2) Finish slides 3) Call mom 5) Floss.",
    );
    expect(templates.justHabits(goals.slice(0, 1), null)).toContain("2) Finish slides.");
    expect(
      templates.goalRemoved(
        "Gym",
        goals.map((g) => ({ ...g, state: "open" as const })),
      ),
    ).toBe('Removed "Gym". Today: 2) Finish slides 3) Call mom 5) Floss');
    expect(templates.listGoals([{ number: 4, description: "Floss", state: "done" as const }])).toBe(
      "Today's goals: 4) Floss (done)",
    );
  });

  it("shortens the note on a passed time before any goal name of an emoji list", () => {
    const goals = numberedInOrder([
      "gym b4 work 💪",
      "finish slides by 3pm",
      "call mom 📞 about sunday",
      "floss 🦷 before bed, every tooth",
    ]);
    const text = templates.goalsSet(goals, null, { passed: [{ number: 2, time: "3:00 PM" }] });
    expect(segmentCount(text)).toBeLessThanOrEqual(LIST_SEGMENTS);
    expect(text).toBe(
      "Got it: 1) gym b4 work 💪 2) finish slides by 3pm 3) call mom 📞 about sunday 4) floss 🦷 before bed, every tooth. Overdue already: 2. Reply with the numbers you finish.",
    );
  });

  it("says where goals planned for a later day went", () => {
    expect(
      templates.goalsSet([{ number: 1, description: "gym" }], "7:00 PM", {
        planned: [{ description: "dinner with jess on friday", weekday: "Friday" }],
      }),
    ).toBe(
      "Got it: 1 goal for today: 1) gym. dinner with jess on friday: planned for Friday. I'll check in at 7:00 PM.",
    );
    expect(
      templates.goalsSet([], "7:00 PM", {
        planned: [{ description: "dinner with jess on friday", weekday: "Friday" }],
      }),
    ).toBe("Got it: dinner with jess on friday: planned for Friday. I'll ask about it that day.");
  });

  it("says what the compliance rules require", () => {
    expect(templates.help("support@streakcoach.app")).toMatch(/StreakCoach/);
    expect(templates.help("support@streakcoach.app")).toMatch(/msgs\/day/);
    expect(templates.help("support@streakcoach.app")).toMatch(/Msg & data rates may apply/);
    expect(templates.help("support@streakcoach.app")).toMatch(/Reply STOP to cancel/);
    expect(templates.help("support@streakcoach.app")).toMatch(/support@streakcoach\.app/);
    expect(templates.stopConfirmed()).toMatch(/no more messages/);
    expect(templates.startConfirmed()).toMatch(/Msg & data rates may apply/);
  });

  it("makes the welcome after verification a complete opt-in confirmation", () => {
    for (const text of cases.welcome!) {
      expect(text).toMatch(/^StreakCoach: /);
      expect(text).toContain("about 2 msgs/day");
      expect(text).toContain("Msg & data rates may apply.");
      expect(text).toContain("Reply HELP for help, STOP to opt out.");
      expect(smsEncoding(text)).toBe("GSM-7");
    }
    expect(templates.welcome("Thursday 7:00 AM", "morning")).toContain(
      "Your first question comes Thursday 7:00 AM, asking for the day's goals.",
    );
  });

  it("gives an example that names only goal numbers the list has", () => {
    expect(templates.eveningQuestion(numberedInOrder(["Run 5k", "Call mom"]))).toBe(
      'Evening check-in: which goals did you finish? 1) Run 5k 2) Call mom. Reply e.g. "1", "all" or "none". A photo as proof is welcome.',
    );
    expect(templates.eveningQuestion(numberedInOrder(["Run 5k", "Call mom", "Floss"]))).toContain(
      'Reply e.g. "1 and 3", "all" or "none".',
    );
  });

  it("lists five goals with an emoji by their full names, shortening the fixed words first", () => {
    const goals = [
      "call mom 📞 about sunday",
      "floss",
      "review the budget spreadsheet",
      "walk the dog twice",
      "book flights for the wedding",
    ];
    const text = templates.eveningQuestion(numberedInOrder(goals));
    expect(text).toBe(
      'Which goals did you finish? 1) call mom 📞 about sunday 2) floss 3) review the budget spreadsheet 4) walk the dog twice 5) book flights for the wedding. Reply e.g. "1 and 3", "all" or "none".',
    );
    expect(segmentCount(text)).toBe(3);
    expect(templates.goalsSet(numberedInOrder(goals), "7:00 PM")).toMatch(
      /^Got it: 1\) call mom 📞 about sunday 2\) floss 3\) review the budget spreadsheet 4\) walk the dog twice 5\) book flights for the wedding\. Check-in at 7:00 PM\.$/,
    );
  });

  it("turns curly quotes and dashes from a phone keyboard into GSM-7 when no emoji needs UCS-2", () => {
    const text = templates.goalsSet(
      numberedInOrder(["reply to Sarah’s email", "finish slides — v2"]),
      "7:00 PM",
    );
    expect(text).toBe(
      "Got it: 2 goals for today: 1) reply to Sarah's email 2) finish slides - v2. I'll check in at 7:00 PM.",
    );
    expect(segmentCount(text)).toBe(1);
  });

  it("says plainly why a photo was not used, and that the check-in still counts", () => {
    expect(templates.photosRefused(["not_an_image"], true)).toBe(
      "We couldn't use that photo (it isn't a JPEG, PNG, WebP, GIF or HEIC image). Your check-in still counts.",
    );
    expect(templates.photosRefused(["too_large"], false)).toBe(
      "We couldn't use that photo (it has too many pixels).",
    );
    expect(templates.photosRefused(["too_large", "not_an_image", "too_large"], true)).toBe(
      "We couldn't use 3 of your photos (not a JPEG, PNG, WebP, GIF or HEIC image; too many pixels). Your check-in still counts.",
    );
  });

  it("says when a goal's time has already passed, and how to push it", () => {
    expect(
      templates.goalsSet(numberedInOrder(["dentist at 9am", "groceries"]), "7:00 PM", {
        passed: [{ number: 1, time: "9:00 AM" }],
      }),
    ).toBe(
      'Got it: 2 goals for today: 1) dentist at 9am 2) groceries. Note: 9:00 AM has already passed today, so 1 shows as overdue; text "move 1 to tomorrow" to push it. I\'ll check in at 7:00 PM.',
    );
    expect(
      templates.goalsSet(numberedInOrder(["gym at 6am", "dentist at 9am", "groceries"]), null, {
        passed: [
          { number: 1, time: "6:00 AM" },
          { number: 2, time: "9:00 AM" },
        ],
      }),
    ).toMatch(/the times of 1 and 2 have already passed today, so they show as overdue/);
  });

  it("names the length limit when a goal is refused for it", () => {
    expect(
      templates.goalsSet(numberedInOrder(["groceries"]), "7:00 PM", {
        tooLong: { count: 1, max: 500 },
      }),
    ).toBe(
      "Got it: 1 goal for today: 1) groceries. Not added: 1 goal over 500 characters, the most a goal can have. I'll check in at 7:00 PM.",
    );
    expect(templates.goalsTooLong(1, 500)).toBe(
      "That goal is too long: a goal can have at most 500 characters. Please text a shorter version.",
    );
  });

  it("confirms what it understood, with the goal names", () => {
    expect(templates.goalsSet(numberedInOrder(["Run 5k", "Read 30 pages"]), "7:00 PM")).toBe(
      "Got it: 2 goals for today: 1) Run 5k 2) Read 30 pages. I'll check in at 7:00 PM.",
    );
    expect(
      templates.checkedIn(
        changes({ done: ["Run 5k"], skipped: ["Read"], tomorrow: ["Call mom"] }),
        { completed: 1, total: 2 },
        3,
      ),
    ).toBe(
      "Nice work! 1 of 2 done today. Done: Run 5k. Skipped: Read. Moved to tomorrow: Call mom. Streak: 3 days.",
    );
    expect(
      templates.goalRemoved("Read", [
        { number: 1, description: "Run 5k", state: "done" },
        { number: 2, description: "Call mom", state: "open" },
      ]),
    ).toBe('Removed "Read". Today: 1) Run 5k (done) 2) Call mom');
    expect(templates.checkedIn(changes({ done: ["Run 5k"] }), { completed: 1, total: 2 }, 3)).toBe(
      "Nice work! 1 of 2 done today. Done: Run 5k. Streak: 3 days.",
    );
  });

  it("keeps what was set on the web and says so", () => {
    expect(
      templates.checkedIn(
        changes({ kept: [{ description: "Read 20 pages", state: "done" }] }),
        { completed: 1, total: 2 },
        1,
      ),
    ).toBe(
      "Thanks for checking in. 1 of 2 done today. Read 20 pages was already marked done on the web: kept. Streak: 1 day.",
    );
  });

  it("echoes each change in plain words, and what undo took back", () => {
    expect(
      changeEcho({ done: ["run 5k"], skipped: ["read 20 pages"], tomorrow: ["call mom"] }, " "),
    ).toBe(" Done: run 5k. Skipped: read 20 pages. Moved to tomorrow: call mom.");
    expect(
      templates.goalEdited("Read 30 pages", "read 10 pages", [
        { number: 1, description: "read 10 pages", state: "open" },
      ]),
    ).toBe('Changed "Read 30 pages" to "read 10 pages". Today: 1) read 10 pages');
    expect(
      templates.undone('moved "Call mom" to tomorrow', [
        { number: 1, description: "Call mom", state: "open" },
      ]),
    ).toBe('Undone: moved "Call mom" to tomorrow. Today: 1) Call mom');
  });
});

describe("fitted: many names", () => {
  const goalNames = (n: number) => Array.from({ length: n }, (_, i) => `Goal number ${i + 1}`);

  it("lists 20,000 goals as the first few and a count of the rest, within three segments", () => {
    const text = templates.listGoals(
      goalNames(20_000).map((description, i) => ({
        number: i + 1,
        description,
        state: "open" as const,
      })),
    );
    expect(segmentCount(text)).toBeLessThanOrEqual(LIST_SEGMENTS);
    const match = /^Today: (.*) (\d+)\) Goal\.\.\. \+(\d+) more$/.exec(text);
    expect(match, text).not.toBeNull();
    const shown = Number(match![2]);
    expect(shown).toBeGreaterThan(0);
    expect(shown + Number(match![3])).toBe(20_000);
    expect(match![1]).toMatch(/^1\) Goal\.\.\. 2\) Goal\.\.\. /);
  });

  it("builds a bounded number of texts however many names it is given", () => {
    const builds = (n: number) => {
      let calls = 0;
      fitted((names) => {
        calls++;
        return names.join(" ");
      }, goalNames(n));
      return calls;
    };
    // One text per name kept or dropped would be over 20,000.
    expect(builds(20_000)).toBeLessThan(100);
    expect(builds(200_000)).toBeLessThan(100);
  });
});

describe("the question back", () => {
  const question = templates.whichGoalOf([
    { number: 2, description: "floss daily" },
    { number: 3, description: "floss" },
  ]);

  it("says what was recorded, then asks", () => {
    expect(templates.recordedThenAsked(changes({ done: ["call mom"] }), question)).toBe(
      `Got it. Done: call mom. ${question}`,
    );
  });

  it("lets the echo give way so that the question arrives whole", () => {
    const text = templates.recordedThenAsked(changes({ done: longGoals }), question);
    expect(text.endsWith(question)).toBe(true);
    expect(segmentCount(text)).toBeLessThanOrEqual(LIST_SEGMENTS);
  });

  it('answers "neither" by naming the goals left as they were', () => {
    expect(templates.noneChosen(["floss daily", "floss"])).toBe(
      "OK, nothing more recorded: floss daily, floss stay as they were.",
    );
    expect(templates.noneChosen(["floss"])).toBe(
      "OK, nothing more recorded: floss stays as it was.",
    );
  });
});

describe("withFeedback", () => {
  const reply = templates.checkedIn(
    changes({ done: longGoals.slice(0, 1), skipped: longGoals.slice(3, 4) }),
    { completed: 2, total: 5 },
    4,
  );
  const feedback =
    "Well, two of five done on a busy day is real progress. Your 4-day streak is holding, and tomorrow the report and the garage are waiting: start with the one that takes ten minutes. Keep going!";

  it("puts the feedback after the reply when both fit", () => {
    expect(withFeedback("Nice work! 1 of 2 done today.", "Keep it up!")).toBe(
      "Nice work! 1 of 2 done today. Keep it up!",
    );
  });

  it("keeps the reply whole and as many whole sentences of the feedback as fit", () => {
    expect(segmentCount(`${reply} ${feedback}`)).toBeGreaterThan(MAX_SEGMENTS);
    const text = withFeedback(reply, feedback);
    expect(segmentCount(text)).toBeLessThanOrEqual(Math.max(MAX_SEGMENTS, segmentCount(reply)));
    expect(text.startsWith(`${reply} `)).toBe(true);
    const kept = text.slice(reply.length + 1);
    expect(kept.length).toBeGreaterThan(0);
    expect(feedback.startsWith(kept)).toBe(true);
    expect(kept).toMatch(/[.!?]$/);
    expect(text).not.toMatch(/\.\.\.$/);
  });

  it("splits the feedback into sentences only where a mark is followed by a space", () => {
    expect(
      withFeedback("Nice work! 1 of 2 done today.", "You ran 4.5 km. Next: e.g. stretch."),
    ).toBe("Nice work! 1 of 2 done today. You ran 4.5 km. Next: e.g. stretch.");
  });

  it("says the count once: a feedback sentence repeating the reply's count is left out", () => {
    expect(
      withFeedback("Nice work! 2 of 3 done today. Streak: 4 days.", "2 of 3 done. Solid progress!"),
    ).toBe("Nice work! 2 of 3 done today. Streak: 4 days. Solid progress!");
  });

  it("keeps as the day's note only the sentences that say no count the reply gave", () => {
    expect(
      feedbackBeyond("Nice work! 2 of 3 done today.", "2 of 3 done. Solid progress! 5 of 7 days."),
    ).toBe("Solid progress! 5 of 7 days.");
    expect(feedbackBeyond("All done! 4 of 4 done today.", "A perfect day: 4 of 4.")).toBe("");
  });

  it("stays GSM-7 when both parts are, and turns an LLM's dashes and curly quotes into GSM-7", () => {
    expect(smsEncoding(withFeedback(reply, feedback))).toBe("GSM-7");
    expect(withFeedback("Nice work! 1 of 2 done today.", "You’re on a roll — keep it up!")).toBe(
      "Nice work! 1 of 2 done today. You're on a roll - keep it up!",
    );
  });

  it("sends the reply alone when not one sentence of the feedback fits", () => {
    const tight = `Nice work! ${"x".repeat(290)}`;
    expect(segmentCount(tight)).toBe(MAX_SEGMENTS);
    expect(withFeedback(tight, "Superb consistency today!")).toBe(tight);
  });

  it("fits a UCS-2 feedback (an emoji) the same way", () => {
    const text = withFeedback(reply, `${feedback} 🎉`);
    expect(segmentCount(text)).toBeLessThanOrEqual(Math.max(MAX_SEGMENTS, segmentCount(reply)));
    expect(text.startsWith(`${reply} `)).toBe(true);
  });
});

describe("rest days and habits to avoid in texts", () => {
  it("asks 'Any slips?' for habits to avoid, after the goals still open", () => {
    expect(templates.eveningQuestion([], [{ number: 3, description: "No sugar" }])).toBe(
      'Evening check-in: any slips today? 3) No sugar. Reply e.g. "slipped on 3", or "none" if you kept them all.',
    );
    expect(
      templates.eveningQuestion(numberedInOrder(["Run 5k", "Call mom"]), [
        { number: 3, description: "No sugar" },
      ]),
    ).toBe(
      'Evening check-in: which goals did you finish? 1) Run 5k 2) Call mom. Any slips? 3) No sugar. Reply e.g. "1" and "slipped on 3".',
    );
  });

  it("says how many rest days are left, or which habits stay open without one", () => {
    const skipped = templates.checkedIn(
      changes({ skipped: ["Gym"] }),
      { completed: 0, total: 1 },
      2,
      {
        left: 2,
        refused: [],
      },
    );
    expect(skipped).toContain("Rest days left this month: 2.");
    const refused = templates.checkedIn(changes(), { completed: 0, total: 1 }, 2, {
      left: 0,
      refused: ["Gym"],
    });
    expect(refused).toContain("No rest days left this month: Gym stays open.");
    const slipped = templates.checkedIn(changes(), { completed: 0, total: 1 }, 0, null, [
      "No sugar",
    ]);
    expect(slipped).toContain("Slip noted: No sugar. Tomorrow is a new day.");
  });
});
