import { expect, test } from "@playwright/test";
import { addDays, addSeconds, runTick, stackPerWorker, wallClock } from "./scheduler/stack";

// A habit made by text reaches the morning question that `npm run tick -- --at …` sends, on its
// days only: a production server texting through a fake Twilio, the tick a separate process.

const CODE_TEXT = /verification code is (\d{6})/;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const stackOf = stackPerWorker(3270);

test("npm run tick lists a habit in the morning question on its day, and not the day after", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const s = stackOf();
  const api = await playwright.request.newContext({ baseURL: s.baseURL });
  try {
    const registered = await api.post("/api/users", {
      data: {
        email: "habits-scheduler@example.com",
        password: "correct horse battery",
        phone: "2125550177",
        timezone: "America/New_York",
        preferredCheckInTimeMorning: "08:00",
        preferredCheckInTimeEvening: "21:00",
        sendCheckInReminders: true,
        receiveWeeklySummary: false,
        terms: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const before = s.twilio.messages.length;
    expect((await api.post("/api/verify-phone", { data: { phone: "2125550177" } })).status()).toBe(
      200,
    );
    const code = CODE_TEXT.exec(s.twilio.messages.slice(before)[0]!.body)?.[1];
    expect((await api.post("/api/verify-phone", { data: { code } })).status()).toBe(200);

    // Three days ahead: a weekday after today's, whatever today is.
    const dueDay = addDays(new Date().toISOString().slice(0, 10), 3);
    const weekday = WEEKDAYS[new Date(`${dueDay}T12:00:00Z`).getUTCDay()]!;
    const added = await api.post("/api/mock/reply-to-sms", {
      data: { body: `gym every ${weekday}` },
    });
    expect(added.status(), await added.text()).toBe(200);
    expect(await added.json()).toMatchObject({ intent: "add_habit" });

    const morningOf = async (day: string) => {
      const from = s.twilio.messages.length;
      const result = await runTick(s, addSeconds(wallClock(day, "08:00", "America/New_York"), 30));
      expect(result.counts.sent, result.line).toBe(1);
      return s.twilio.messages.slice(from).map((m) => m.body);
    };
    expect(await morningOf(dueDay)).toEqual([
      `Good morning! Today's habits: 1) gym. Anything else today? Reply with your goals, or "ok" to keep just the habits.`,
    ]);
    const [nextDay] = await morningOf(addDays(dueDay, 1));
    expect(nextDay).toContain("What are your goals for today?");
    expect(nextDay).not.toContain("gym");
  } finally {
    await api.dispose();
  }
});
