import { expect, test, uniqueEmail, withDatabase, PASSWORD, register } from "./fixtures";

// Through the real production build: another site's page cannot make a signed-in browser change
// anything (or sign it into another account), an oversized form is refused before it is read, and
// every kind of answer carries the security and cache headers.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const APP = `http://localhost:${PORT}`;
// Another origin the browser can "visit": the tests serve its page themselves (page.route).
const EVIL = `http://127.0.0.1:${PORT}`;

function shareLinkCount(email: string) {
  return withDatabase(
    (db) =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM share_links WHERE user_id = (SELECT id FROM users WHERE email = ?)",
          )
          .get(email) as { n: number }
      ).n,
  );
}

test.describe("cross-site requests", () => {
  test("a form on another site cannot log the user out or sign them into another account", async ({
    page,
    user,
  }) => {
    const attackerPage = await page.context().browser()!.newPage();
    const attacker = await register(attackerPage, uniqueEmail("ev"));
    await attackerPage.close();
    await page.route(`${EVIL}/evil`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!DOCTYPE html><html lang="en"><head><title>Win a prize</title></head><body><main><h1>You won</h1>
          <form method="post" action="${APP}/logout"><button>Claim your prize</button></form>
          <form method="post" action="${APP}/login">
            <input type="hidden" name="email" value="${attacker.email}">
            <input type="hidden" name="password" value="${PASSWORD}">
            <button>Claim another prize</button>
          </form></main></body></html>`,
      }),
    );
    await page.goto(`${EVIL}/evil`);
    await page.getByRole("button", { name: "Claim your prize" }).click();
    await expect(page.getByRole("heading", { name: "We couldn't do that" })).toBeVisible();
    await expect(page.getByText("This request came from another site")).toBeVisible();

    await page.goto(`${EVIL}/evil`);
    await page.getByRole("button", { name: "Claim another prize" }).click();
    await expect(page.getByRole("heading", { name: "We couldn't do that" })).toBeVisible();

    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(user.email);
  });

  test("data requests, resource routes and /api with a foreign Origin get 403 and change nothing", async ({
    page,
    user,
  }) => {
    const before = shareLinkCount(user.email);
    const foreign = { Origin: "https://evil.example" };
    const settings = await page.request.post("/settings?_data=routes%2Fsettings%2B%2F_layout", {
      headers: foreign,
      form: { intent: "share-create", label: "Stolen" },
    });
    expect(settings.status()).toBe(403);
    const theme = await page.request.post("/theme", {
      headers: foreign,
      form: { theme: "dark", redirectTo: "/" },
    });
    expect(theme.status()).toBe(403);
    expect(theme.headers()["set-cookie"]).toBeUndefined();
    const api = await page.request.post("/api/goals", {
      headers: foreign,
      data: { description: "Planted by another site", dueDate: new Date().toISOString() },
    });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({
      message: "This request came from another site, so it was refused.",
    });
    expect(shareLinkCount(user.email)).toBe(before);
    const goals = await (await page.request.get("/api/goals")).json();
    expect(JSON.stringify(goals)).not.toContain("Planted by another site");
  });
});

test("an oversized form is refused with the friendly page before it is read", async ({ page }) => {
  await page.goto("/login");
  const response = await page.request.post("/newsletter", {
    headers: { Origin: APP },
    form: { email: `${"a".repeat(100 * 1024)}@example.com` },
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("This request is too large. Send at most 64 KB.");
});

test("every kind of answer carries the security headers; signed-in ones are never cached", async ({
  page,
  user,
}) => {
  expect(user.email).toBeTruthy();
  for (const path of [
    "/api/user",
    "/healthz",
    "/robots.txt",
    "/dashboard/report.pdf",
    "/messages/export.csv",
    "/settings/export.json",
    "/dashboard",
    "/dashboard?_data=routes%2Fdashboard%2B%2F_layout",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
    if (path !== "/healthz" && path !== "/robots.txt") {
      expect(headers["cache-control"], path).toBe("private, no-store");
    }
  }
  const anonymousApi = await page.context().browser()!.newContext();
  const answer = await anonymousApi.request.get(`${APP}/api/user`);
  expect(answer.status()).toBe(401);
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
  await anonymousApi.close();
});
