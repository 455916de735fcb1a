import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createTestUser, sessionCookie } from "../helpers/requests";
import { verifyLogin } from "~/users/users.server";
import { getUserId } from "~/http/session.server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

function resetPassword(args: string[]) {
  return run(tsx, ["scripts/reset-password.ts", ...args], {
    cwd: root,
    env: { ...process.env, CRON_ENABLED: "false" },
  });
}

// The operator's way for a person whose phone was never verified (forgot-password cannot text them).
describe("npm run reset-password", { timeout: 60_000 }, () => {
  it("sets a new one-time password, printed once, and ends every session", async () => {
    const user = await createTestUser({ email: "no-phone@example.com" });
    const cookie = await sessionCookie(user.id);
    const { stdout } = await resetPassword(["No-Phone@example.com"]);
    const password = /: (\S+)$/.exec(stdout.trim())?.[1];
    expect(password).toBeTruthy();
    expect(await verifyLogin(user.email, password!)).toMatchObject({ id: user.id });
    expect(await verifyLogin(user.email, user.password)).toBeNull();
    const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect(await getUserId(request)).toBeNull();
  });

  it("refuses an unknown email or none, changing nothing", async () => {
    await expect(resetPassword(["nobody@example.com"])).rejects.toMatchObject({ code: 1 });
    await expect(resetPassword([])).rejects.toMatchObject({ code: 2 });
  });
});
