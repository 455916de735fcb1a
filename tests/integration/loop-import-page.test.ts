// Settings → Import's form post: a Loop file is imported and said in words; anything else (no file,
// a random file, one over 20 MB) is refused with a message, the account left as it was.
import fs from "node:fs";
import path from "node:path";
import * as importRoute from "~/routes/settings+/import";
import { CHOOSE_A_FILE } from "~/habits/loop/loop-upload.server";
import { LOOP_FILE_MAX_BYTES, LOOP_FILE_TOO_BIG, NOT_A_LOOP_FILE } from "~/habits/loop/loop-habits";
import { sqlite } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";

const backup = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/loop/loop-v25.db"));

async function post(userId: number, file?: Uint8Array) {
  const form = new FormData();
  if (file) form.set("file", new File([new Uint8Array(file)], "Loop Habits Backup.db"));
  const response = await call(
    importRoute.action,
    makeRequest("/settings/import", { body: form, cookie: await sessionCookie(userId) }),
  );
  return { status: response.status, body: await readJson(response) };
}

const habitCount = (userId: number) =>
  sqlite.prepare("select count(*) from habits where user_id = ?").pluck().get(userId);

it("imports a Loop backup and says what came across", async () => {
  const user = await createTestUser();
  expect(await post(user.id, backup)).toEqual({
    status: 200,
    body: { ok: true, message: "Imported 6 habits, 23 days." },
  });
  expect(habitCount(user.id)).toBe(6);
});

it("refuses no file, a random file and an oversized one, leaving the account as it was", async () => {
  const user = await createTestUser();
  expect(await post(user.id)).toEqual({ status: 400, body: { ok: false, message: CHOOSE_A_FILE } });
  const random = new Uint8Array(2048).map((_, i) => (i * 31) % 256);
  expect(await post(user.id, random)).toEqual({
    status: 400,
    body: { ok: false, message: NOT_A_LOOP_FILE },
  });
  const oversized = new Uint8Array(LOOP_FILE_MAX_BYTES + 1);
  oversized.set(backup);
  expect(await post(user.id, oversized)).toEqual({
    status: 400,
    body: { ok: false, message: LOOP_FILE_TOO_BIG },
  });
  expect(habitCount(user.id)).toBe(0);
});
