import {
  askEveningQuestion,
  askMorningQuestion,
  handleIncomingText,
} from "~/conversation/inbound.server";
import { listTodayGoals } from "~/goals/goals.server";
import { segmentCount, smsEncoding } from "~/sms/segments";
import { getUserById } from "~/users/users.server";
import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { localTextsTo } from "../helpers/local-outbox";

// A fixed instant: Saturday 2026-11-21 at 9:00 in New York, and 19:30 the same local day.
const MORNING = new Date("2026-11-21T14:00:00Z");
const EVENING = new Date("2026-11-22T00:30:00Z");

async function verifiedUser() {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  return getUserById(created.id)!;
}

/** The texts handed to the transport for a phone, oldest first: what the phone receives. */
function received(phone: string) {
  return localTextsTo(phone)
    .map((m) => m.body)
    .reverse();
}

describe("a day of texts with an emoji in a goal", () => {
  const goals = [
    "call mom 📞 about the trip",
    "floss",
    "review the budget spreadsheet",
    "walk the dog twice",
    "book flights for the wedding",
  ];

  it("lists every goal by its full name within three segments, and says the count once", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING);
    const set = await handleIncomingText(
      getUserById(user.id)!,
      { text: goals.map((g, i) => `${i + 1}) ${g}`).join(" "), source: "sms" },
      MORNING,
    );
    expect(set.intent).toBe("set_goals");
    expect(listTodayGoals(getUserById(user.id)!, MORNING).map((g) => g.description)).toEqual(goals);

    await askEveningQuestion(getUserById(user.id)!, EVENING);
    const checkIn = await handleIncomingText(
      getUserById(user.id)!,
      { text: "did 2 and 4", source: "sms" },
      EVENING,
    );
    expect(checkIn.intent).toBe("check_in");

    const [, confirmation, question, answer] = received(user.phone);
    for (const text of [confirmation!, question!]) {
      expect(segmentCount(text), text).toBeLessThanOrEqual(3);
      goals.forEach((goal, i) => expect(text).toContain(`${i + 1}) ${goal}`));
      expect(text).not.toMatch(/\.\.\.|\+\d+ more/);
    }
    expect(question).toMatch(/Reply e\.g\. "1 and 3"/);
    expect(segmentCount(answer!)).toBeLessThanOrEqual(3);
    expect(answer).toContain("Done: floss, walk the dog twice.");
    expect(answer!.split("2 of 5")).toHaveLength(2);
  });
});

describe("a day of texts typed on a phone that makes quotes and dashes curly", () => {
  it("sends GSM-7 texts, one segment where the words fit in 160 characters", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING);
    await handleIncomingText(
      getUserById(user.id)!,
      { text: "1) reply to Sarah’s email 2) gym 6–7am", source: "sms" },
      MORNING,
    );
    await askEveningQuestion(getUserById(user.id)!, EVENING);
    const [, confirmation, question] = received(user.phone);
    for (const text of [confirmation!, question!]) {
      expect(smsEncoding(text), text).toBe("GSM-7");
      expect(segmentCount(text), text).toBe(1);
      expect(text).toContain("1) reply to Sarah's email 2) gym 6-7am");
    }
  });
});
