import {
  avatar,
  expect,
  fillRegisterForm,
  initialsOf,
  logIn,
  openUserMenu,
  PASSWORD,
  register,
  test,
  toast,
  uniqueEmail,
  uniquePhone,
} from "./fixtures";

// The register and login forms keep the browser's own checks (required fields, and the lengths the
// server's schema sets where the page has no words of its own for them), with or without JavaScript.
// Every value below passes those checks, so the server's messages are what the user sees; each is
// typed into the real fields and posted by the real button.

test.describe("register", () => {
  test("creates the account, signs in and lands on the dashboard", async ({ page }) => {
    const email = uniqueEmail("reg");
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await expect(page.getByLabel("Phone number")).toHaveAttribute("placeholder", "5551234567");
    await fillRegisterForm(page, { email });
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page)).toContainText("Registration successful");
    await expect(toast(page)).toContainText("Your account has been created successfully.");
    await expect(avatar(page, email)).toHaveText(initialsOf(email));
    await expect(avatar(page, email)).toHaveText("RE");

    // The toast is flashed once: it is gone after a reload.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(toast(page)).not.toContainText("Registration successful");
  });

  test("requires consent to the text messages", async ({ page }) => {
    const email = uniqueEmail("consent");
    await page.goto("/register");
    await fillRegisterForm(page, { email, consent: false });
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    // The typed email survives the failed post.
    await expect(page.getByLabel("Email")).toHaveValue(email);

    // Nothing was created: the same email can still sign up.
    await fillRegisterForm(page, { email });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page)).toContainText("Registration successful");
  });

  test("rejects an email that already has an account, with the error in view on a phone", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("dup");
    await register(page, email);

    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
    });
    try {
      const other = await context.newPage();
      await other.goto("/register");
      await fillRegisterForm(other, { email, phone: "2125550199" });
      await other.getByRole("button", { name: "Create account" }).click();
      const alert = other.getByRole("alert").filter({ hasText: "Registration failed" });
      await expect(alert).toContainText("An account with this email already exists");
      await expect(other).toHaveURL(/\/register$/);
      await expect(alert).toBeInViewport();
      if (javaScriptEnabled) await expect(alert).toBeFocused();
    } finally {
      await context.close();
    }
  });

  test("rejects a number that is not a valid US mobile number", async ({ page }) => {
    await page.goto("/register");
    await fillRegisterForm(page, { email: uniqueEmail("phone"), phone: "1234567890" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please enter a valid US mobile number")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    await fillRegisterForm(page, { email: uniqueEmail("phone"), phone: "12345" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Phone number must be 10 to 15 digits")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a refused sign-up keeps what was typed; the password only with JavaScript", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("keep");
    await page.goto("/register");
    await fillRegisterForm(page, { email, phone: "1234567890" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please enter a valid US mobile number")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Chicago");
    await expect(page.getByLabel("Phone number")).toHaveValue("1234567890");
    // A page sent back never holds the password: without JavaScript it is typed again.
    await expect(page.getByLabel("Password")).toHaveValue(javaScriptEnabled ? PASSWORD : "");
    await expect(
      page.getByText("Type it again: a page sent back never holds your password."),
    ).toHaveCount(javaScriptEnabled ? 0 : 1);
    // Typed again, the same form goes through.
    if (!javaScriptEnabled) await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Phone number").fill(uniquePhone());
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("links to the login page", async ({ page }) => {
    await page.goto("/register");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Log in instead" }),
    ).toHaveAttribute("href", "/login");
    await page.goto("/login");
    await expect(page.getByRole("banner").getByRole("link", { name: "StreakCoach" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Sign up instead" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  });
});

test.describe("sign out and log in", () => {
  test("signs out through the user menu and back in", async ({ page, user }) => {
    const menu = await openUserMenu(page, user.email);
    await expect(menu).toContainText(user.email);
    await menu.getByRole("button", { name: "Sign out" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Logout successful");
    await expect(toast(page)).toContainText("You have been logged out successfully.");
    await expect(avatar(page, user.email)).toHaveCount(0);

    // The session is really gone: protected pages send us back to login.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

    await page.goto("/login");
    await logIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page)).toContainText("Login successful");
    await expect(toast(page)).toContainText("You have been logged in successfully.");
    await expect(avatar(page, user.email)).toHaveText(initialsOf(user.email));
  });

  test("a wrong password does not say whether the email exists", async ({ page, user }) => {
    await (await openUserMenu(page, user.email)).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, { email: user.email, password: "not the password" });
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Login failed");
    await expect(alert).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
    const knownEmailText = await alert.innerText();

    await logIn(page, { email: uniqueEmail("nobody"), password: "not the password" });
    await expect(alert).toContainText("Invalid email or password");
    expect(await alert.innerText()).toBe(knownEmailText);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("after a failed login, editing the fields posts nothing and keeps the message until Log in", async ({
    page,
  }) => {
    await logIn(page, { email: uniqueEmail("nobody"), password: "not the password" });
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Invalid email or password");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByLabel("Email").fill(uniqueEmail("nobody-else"));
    await page.getByLabel("Password").fill("still not it");
    await page.getByLabel("Email").focus();
    await expect(page.getByLabel("Email")).toBeFocused();
    expect(posts).toEqual([]);
    await expect(alert).toContainText("Invalid email or password");

    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Log in" }).click();
    await answer;
    await expect(alert).toContainText("Invalid email or password");
    expect(posts).toHaveLength(1);
  });

  test("shows the login validation messages", async ({ page }) => {
    await page.goto("/login");
    // Both values pass the browser's own checks for these fields, so this works the same with
    // JavaScript off; the server rejects them.
    await page.getByLabel("Email").fill("someone@localhost");
    await page.getByLabel("Password").fill("abc");
    await page.getByRole("button", { name: "Log in" }).click();

    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue("someone@localhost");
  });

  test("returns to the page that asked for login", async ({ page, user }) => {
    await (await openUserMenu(page, user.email)).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
    await logIn(page, user);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(toast(page)).toContainText("Login successful");
    await expect(avatar(page, user.email)).toBeVisible();
  });

  test("never redirects to another site after login", async ({ page, user, baseURL }) => {
    await (await openUserMenu(page, user.email)).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/login?redirectTo=%2F%2Fevil.example.com");
    await logIn(page, user);
    await expect(page).toHaveURL(`${baseURL}/dashboard`);
  });

  for (const target of [
    "/.//evil.example/login",
    "/x/..//evil.example/login",
    "/%2e%2e//evil.example/login",
  ]) {
    test(`a login link with redirectTo=${target} stays on the site`, async ({
      page,
      user,
      baseURL,
    }) => {
      await (
        await openUserMenu(page, user.email)
      )
        .getByRole("button", { name: "Sign out" })
        .click();
      await expect(page).toHaveURL(/\/login$/);
      // Nothing is fetched from another site: a request there would fail the test, not leave it.
      await page.route(
        (url) => url.hostname === "evil.example",
        (route) => route.abort(),
      );

      await page.goto(`/login?${new URLSearchParams({ redirectTo: target })}`);
      await logIn(page, user);
      await expect(page).toHaveURL(`${baseURL}/dashboard`);
    });
  }

  test("links to the sign-up page", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  });
});

test("the session cookie is HttpOnly, Secure and SameSite=Lax", async ({ page, user }) => {
  await expect(avatar(page, user.email)).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__session");
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
});
