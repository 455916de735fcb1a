import { expect, test } from "./fixtures";

test.describe("security headers", () => {
  test("a page's Content-Security-Policy allows only scripts that carry this render's nonce", async ({
    request,
  }) => {
    const first = await request.get("/");
    const csp = first.headers()["content-security-policy"] ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (/\bsrc=/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    const second = await request.get("/");
    expect(second.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });

  test("pages may not be framed", async ({ request }) => {
    const headers = (await request.get("/login")).headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  test("responses are not sniffed", async ({ request }) => {
    expect((await request.get("/faq")).headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("a referrer leaves only the origin to other sites", async ({ request }) => {
    expect((await request.get("/blog")).headers()["referrer-policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  test("production asks browsers to use HTTPS only", async ({ request }) => {
    expect((await request.get("/")).headers()["strict-transport-security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});

test("the pages run under the policy without a single violation", async ({ page, user }) => {
  // A sign-up and six pages, without JavaScript each a full load: more than one page's budget.
  test.setTimeout(60_000);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/faq", "/blog", "/dashboard", "/messages", "/settings"]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
  }
  expect(user.email).toBeTruthy();
  expect(violations).toEqual([]);
});
