import type { Page } from "@playwright/test";
import { segmentCount } from "../../app/sms/segments";
import {
  expect,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  test,
  textAsPhone,
  userIdOf,
  withDatabase,
} from "./fixtures";

// A day with emoji in its goals, set by text from the development phone: one number per goal all day
// (conventions v4). Every text that lists goals names each open goal whole, by its own number, in at
// most three segments (an emoji makes a text UCS-2: 67 characters a segment); a removed goal leaves
// a gap; the dashboard shows the same numbers.

const GOALS = [
  "gym b4 work 💪",
  "finish slides by 3pm",
  "call mom 📞 about sunday",
  "floss 🦷 before bed, every tooth",
];

/** The API's "send now" call for a question, as the signed-in user (the page's cookies). */
async function sendNow(page: Page, question: "morning" | "evening") {
  const response = await page.request.post(`/api/mock/send-${question}-sms`, { data: {} });
  expect(await response.json()).toMatchObject({ sent: true });
}

/** The texts the service sent the user, oldest first, as stored (and sent). */
function textsTo(email: string): string[] {
  const userId = userIdOf(email);
  return withDatabase((db) =>
    db
      .prepare<[number], string>(
        "select body from messages where user_id = ? and from_system = 1 order by id",
      )
      .pluck()
      .all(userId),
  );
}

/** Texts from the phone; answers with the text the service sent back. */
async function text(page: Page, email: string, message: string) {
  const before = textsTo(email).length;
  await textAsPhone(page, message);
  await expect.poll(() => textsTo(email).length).toBeGreaterThan(before);
  return textsTo(email).at(-1)!;
}

/** Every open goal by its full name after its own number, the text within three segments. */
function expectListed(body: string, goals: [number, string][]) {
  expect(segmentCount(body), body).toBeLessThanOrEqual(3);
  expect(body, body).not.toMatch(/\+\d+ more/);
  for (const [number, name] of goals) expect(body, body).toContain(`${number}) ${name}`);
}

test("a day with emoji in its goals keeps one number per goal in every text and on the dashboard", async ({
  page,
  user,
}) => {
  test.slow();
  markPhoneVerified(user.email);
  const phone = phoneOf(user.email);
  const all = GOALS.map((name, i): [number, string] => [i + 1, name]);
  const afterRemoval = all.filter(([number]) => number !== 2);

  await test.step("set the day's goals by answering the morning question", async () => {
    await sendNow(page, "morning");
    await openDevPhone(page, phone);
    const confirmation = await text(
      page,
      user.email,
      GOALS.map((goal, i) => `${i + 1}) ${goal}`).join(" "),
    );
    expect(confirmation).toMatch(/^Got it: (?:4 goals for today: )?1\) gym b4 work 💪 2\) /);
    expectListed(confirmation, all);
  });

  await test.step("remove goal 2: the others keep their numbers", async () => {
    const removed = await text(page, user.email, "remove 2");
    expect(removed).toMatch(/^Removed "finish slides by 3pm"\. /);
    expectListed(removed, afterRemoval);
    expect(removed).not.toContain("2)");
    const listed = await text(page, user.email, "what are my goals");
    expectListed(listed, afterRemoval);
    expect(listed).not.toContain("2)");
  });

  await test.step("the evening question lists the open goals by their numbers", async () => {
    await sendNow(page, "evening");
    const question = textsTo(user.email).at(-1)!;
    expect(question).toMatch(/which goals did you finish\?/i);
    expectListed(question, afterRemoval);
    const example = /Reply e\.g\. "(\d+)(?: and (\d+))?"/.exec(question);
    expect(example, question).not.toBeNull();
    for (const number of example!.slice(1).filter(Boolean).map(Number))
      expect([1, 3, 4]).toContain(number);
  });

  await test.step("the dashboard shows the same numbers", async () => {
    await page.goto("/dashboard");
    const rows = page.getByRole("list", { name: "Today's Goals" }).getByTestId("goal-row");
    await expect(rows).toHaveCount(afterRemoval.length);
    for (const [i, [number, name]] of afterRemoval.entries()) {
      await expect(rows.nth(i).getByTestId("goal-day-number")).toHaveText(`${number})`);
      await expect(rows.nth(i)).toContainText(name);
    }
  });

  await test.step("check in by day number, and undo it", async () => {
    await openDevPhone(page, phone);
    const answer = await text(page, user.email, "4 done");
    expect(answer).toContain("Done: floss 🦷 before bed, every tooth.");
    const undone = await text(page, user.email, "undo");
    expect(undone).toMatch(/^Undone: /);
    expectListed(undone, afterRemoval);
  });
});
