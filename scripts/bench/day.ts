import { ruleFeedback, type DayPattern } from "../../app/coach/feedback-rules";
import { numberedInOrder, templates, withFeedback } from "../../app/replies/templates";
import { segmentCount, smsEncoding, toSmsText } from "../../app/sms/segments";

// Usage: npm run bench:day -- [--users N] [--seed S]
//
// Segments per user per day, and what they cost, for a simulated day of N users: the morning question,
// the user's goals, their confirmation, the evening question, the user's check-in, its answer with the
// coach's feedback, and the weekly summary (one a week, so a seventh of it a day). Every text we send
// is the product's own template output, as the conversation engine sends it (the transport sends
// toSmsText of it). A third of the users put an emoji in a goal, a third type on a phone that turns
// quotes and dashes curly, and half the coach's notes are written by the LLM, which likes an em dash.

// Twilio's US list price for an SMS segment, outbound or inbound, in 2025 (an assumption: the carrier
// fees added on top of it are left out, and volume discounts too).
const PRICE_PER_SEGMENT_USD = 0.0083;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const USERS = option("users", 3000);
let seed = option("seed", 29);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const PLAIN = [
  "gym b4 work",
  "finish slides by 3pm",
  "call mom about sunday",
  "floss",
  "read 20 pages",
  "review the budget spreadsheet",
  "walk the dog twice",
  "book flights for the wedding",
  "laundry",
  "meal prep for the week",
  "reply to Sarah's email",
  "30 min of spanish on duolingo",
  "dentist at 4:30pm",
  "clean out the garage",
  "pay the electric bill",
];
const EMOJI = [
  "call mom 📞",
  "run 5k 🏃",
  "drink 8 glasses 💧",
  "meditate 🧘 10 min",
  "no sugar 🍩❌",
];
const CURLY = ["reply to Sarah’s email", "finish slides — v2", "gym 6–7am", "mom’s birthday card"];
const LLM_NOTES = [
  "Two out of three is real progress — and the slides were the hard one. Tomorrow, start with the call.",
  "You’re building momentum — three days in a row now. Keep the mornings for the hardest goal.",
  "A full day — well done! Your streak is growing, and so is the habit of finishing what you plan.",
];
const WEEK: DayPattern[] = ["all", "some", "all", "none", "some", "all", "all"];

type Day = { out: string[]; in: string[] };

function simulateDay(user: number): Day {
  const style = user % 3; // 0 plain, 1 an emoji in a goal, 2 curly punctuation from the keyboard
  const count = 1 + Math.floor(random() * 4);
  const goals = Array.from({ length: count }, () => pick(PLAIN));
  if (style === 1) goals[Math.floor(random() * count)] = pick(EMOJI);
  if (style === 2) goals[Math.floor(random() * count)] = pick(CURLY);
  const done = goals.filter(() => random() < 0.7);
  const completed = done.length;
  const streak = 1 + Math.floor(random() * 40);
  const note =
    random() < 0.5
      ? pick(LLM_NOTES)
      : ruleFeedback({
          done: completed,
          total: count,
          streak,
          week: WEEK,
          previous: null,
          dayKey: `2026-11-${10 + (user % 18)}`,
        });
  const reply = templates.checkedIn(
    { done, skipped: [], tomorrow: [], kept: [] },
    { completed, total: count },
    streak,
  );
  const summary = `Your week: ${5 * count} goals set; ${Math.round(70 + random() * 30)}% done. Streak: ${streak} days. Best day: Wednesday. Details: https://streakcoach.fly.dev/summaries/weekly/2026-11-22`;
  return {
    out: [
      templates.morningQuestion(),
      templates.goalsSet(numberedInOrder(goals), "7:00 PM"),
      templates.eveningQuestion(numberedInOrder(goals)),
      withFeedback(reply, note),
      summary,
    ],
    in: [goals.map((g, i) => `${i + 1}) ${g}`).join(" "), completed ? `did ${completed}` : "none"],
  };
}

const LABELS = [
  "morning question",
  "goals confirmed",
  "evening question",
  "check-in answer",
  "weekly summary (1/7)",
];
const WEIGHTS = [1, 1, 1, 1, 1 / 7];
const bySyle = [0, 1, 2].map(() => ({ users: 0, out: LABELS.map(() => 0), inbound: 0, ucs2: 0 }));
for (let user = 0; user < USERS; user++) {
  const day = simulateDay(user);
  const figures = bySyle[user % 3]!;
  figures.users++;
  day.out.forEach((text, i) => {
    const sent = toSmsText(text);
    figures.out[i]! += segmentCount(sent) * WEIGHTS[i]!;
    if (smsEncoding(sent) === "UCS-2") figures.ucs2 += WEIGHTS[i]!;
  });
  for (const text of day.in) figures.inbound += segmentCount(text);
}

const cents = (segments: number) => `$${(segments * PRICE_PER_SEGMENT_USD).toFixed(4)}`;
console.log(
  `bench:day: ${USERS} simulated users, seed ${option("seed", 29)}, $${PRICE_PER_SEGMENT_USD}/segment`,
);
const rows: [string, ...number[]][] = [];
LABELS.forEach((label, i) => rows.push([label, ...bySyle.map((f) => f.out[i]! / f.users)]));
const outTotals = bySyle.map((f) => f.out.reduce((a, b) => a + b, 0) / f.users);
rows.push(["sent per day", ...outTotals]);
rows.push(["received per day", ...bySyle.map((f) => f.inbound / f.users)]);
console.log(
  `${"segments per user".padEnd(24)}${["plain", "emoji goal", "curly punct."].map((s) => s.padStart(14)).join("")}`,
);
for (const [label, ...values] of rows)
  console.log(`${label.padEnd(24)}${values.map((v) => v.toFixed(2).padStart(14)).join("")}`);
console.log(
  `${"UCS-2 texts sent / day".padEnd(24)}${bySyle.map((f) => (f.ucs2 / f.users).toFixed(2).padStart(14)).join("")}`,
);
const all = bySyle.reduce((n, f) => n + f.out.reduce((a, b) => a + b, 0) + f.inbound, 0) / USERS;
const sent = bySyle.reduce((n, f) => n + f.out.reduce((a, b) => a + b, 0), 0) / USERS;
console.log(
  `day: ${sent.toFixed(2)} segments sent + ${(all - sent).toFixed(2)} received per user = ${all.toFixed(2)}, ${cents(all)} a day, ${cents(all * 30)} a 30-day month`,
);
