import { TEXTS_READ_PER_DAY } from "~/conversation/reading.server";
import { receiveInboundSms } from "~/conversation/inbound.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

// Texts by SMS count toward the same daily limit as the web chat; past it a text is neither stored
// nor answered (nor are its photos fetched), and Twilio is not asked to retry it.

let sid = 0;
const textFrom = (from: string, body: string) =>
  receiveInboundSms({ from, body, messageSid: `SMlimit${++sid}`, media: [] });

const stored = (userId: number) =>
  (
    sqlite
      .prepare("select count(*) as n from messages where user_id = ? and from_system = 0")
      .get(userId) as { n: number }
  ).n;

it("stops reading a number's texts for the day past the limit, but STOP still works", async () => {
  const user = await createTestUser();
  sqlite.prepare("update users set phone_verified_at = ? where id = ?").run(Date.now(), user.id);
  const insert = sqlite.prepare(
    "insert into messages (user_id, from_system, body, source, created_at) values (?, 0, 'x', 'sms', ?)",
  );
  for (let n = 0; n < TEXTS_READ_PER_DAY; n++) insert.run(user.id, Date.now());

  const notice = await textFrom(user.phone, "did 1");
  expect(notice.status).toBe("handled");
  expect(notice.status === "handled" && notice.reply).toContain("the most we read in a day");
  expect(stored(user.id)).toBe(TEXTS_READ_PER_DAY + 1);

  expect((await textFrom(user.phone, "did 2")).status).toBe("over_daily_limit");
  expect(stored(user.id)).toBe(TEXTS_READ_PER_DAY + 1);

  const stop = await textFrom(user.phone, "STOP");
  expect(stop.status).toBe("handled");
  expect(stored(user.id)).toBe(TEXTS_READ_PER_DAY + 2);
});
