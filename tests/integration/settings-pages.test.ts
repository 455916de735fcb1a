/// <reference types="vite/client" />
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  LEGACY_ANCHOR_TARGETS,
  LEGACY_INTENT_PAGES,
  pageOfLegacyAnchor,
  SETTINGS_SECTIONS,
} from "~/components/settings/sections";
import * as layout from "~/routes/settings+/_layout";
import * as account from "~/routes/settings+/account";
import * as billing from "~/routes/settings+/billing";
import * as profile from "~/routes/settings+/index";
import * as partners from "~/routes/settings+/partners";
import * as password from "~/routes/settings+/password";
import * as phone from "~/routes/settings+/phone";
import * as shareLinks from "~/routes/settings+/share-links";
import * as webhooks from "~/routes/settings+/webhooks";
import * as apiTokens from "~/routes/settings+/api-tokens";
import * as loopImport from "~/routes/settings+/import";
import * as loopBackup from "~/routes/settings_+/loop-backup[.db]";
import * as loopCsv from "~/routes/settings_+/loop-csv[.zip]";
import { templates } from "~/replies/templates";
import { getUserById } from "~/users/users.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { toastOf } from "../helpers/toasts";

// Settings is a layout with a page per section. These tests hold the parts of the split that the
// pages' own tests (verify-phone, partners, share-links, billing) do not: every page's loader wants a
// signed-in user, posts of the old single page reach the page that has their intent now (307, body
// kept), old anchors and Stripe returns find their page, and no route file grows past 300 lines.

type Handler = (args: LoaderFunctionArgs) => unknown;

const PAGES: { path: string; loader: Handler; action: Handler }[] = [
  { path: "/settings?index", loader: profile.loader, action: profile.action },
  { path: "/settings/phone", loader: phone.loader, action: phone.action },
  { path: "/settings/password", loader: password.loader, action: password.action },
  { path: "/settings/billing", loader: billing.loader, action: billing.action },
  { path: "/settings/partners", loader: partners.loader, action: partners.action },
  { path: "/settings/share-links", loader: shareLinks.loader, action: shareLinks.action },
  { path: "/settings/webhooks", loader: webhooks.loader, action: webhooks.action },
  { path: "/settings/account", loader: account.loader, action: account.action },
];

const pageAt = (path: string) => PAGES.find((p) => p.path === path)!;

async function signedIn() {
  const user = await createTestUser();
  return { user, cookie: await sessionCookie(user.id) };
}

const post = (handler: Handler, path: string, fields: Record<string, string>, cookie?: string) =>
  call(handler, makeRequest(path, { method: "POST", body: new URLSearchParams(fields), cookie }));

describe("the Settings pages", () => {
  it("each answer an anonymous visitor with the login page, loader and action alike", async () => {
    for (const { path, loader, action } of [
      { path: "/settings", loader: layout.loader, action: layout.action },
      ...PAGES,
    ]) {
      const get = await call(loader, makeRequest(path));
      expect(get.status, path).toBe(302);
      expect(get.headers.get("Location"), path).toMatch(/^\/login\?redirectTo=/);
      const sent = await post(action, path, { intent: "settings" });
      expect(sent.status, path).toBe(302);
      expect(sent.headers.get("Location"), path).toMatch(/^\/login/);
    }
  });

  it("send an anonymous visitor of API tokens, Import and the Loop downloads to the login page", async () => {
    for (const { path, loader, action } of [
      { path: "/settings/api-tokens", loader: apiTokens.loader, action: apiTokens.action },
      { path: "/settings/import", loader: loopImport.loader, action: loopImport.action },
    ]) {
      const get = await call(loader, makeRequest(path));
      expect(get.status, path).toBe(302);
      expect(get.headers.get("Location"), path).toMatch(/^\/login\?redirectTo=/);
      const sent = await post(action, path, { intent: "token-create", name: "x", access: "write" });
      expect(sent.status, path).toBe(302);
      expect(sent.headers.get("Location"), path).toMatch(/^\/login/);
    }
    for (const [path, loader] of [
      ["/settings/loop-backup.db", loopBackup.loader],
      ["/settings/loop-csv.zip", loopCsv.loader],
    ] as const) {
      const get = await call(loader, makeRequest(path));
      expect(get.status, path).toBe(302);
      expect(get.headers.get("Location"), path).toMatch(/^\/login/);
    }
  });

  it("each load only their own data", async () => {
    const { cookie } = await signedIn();
    const keys = async (handler: Handler, path: string) =>
      Object.keys((await readJson(await call(handler, makeRequest(path, { cookie })))) ?? {});
    expect(await keys(profile.loader, "/settings")).toEqual(["phone", "user"]);
    expect(await keys(phone.loader, "/settings/phone")).toEqual([
      "phone",
      "phoneVerified",
      "phoneVerification",
    ]);
    expect(await keys(password.loader, "/settings/password")).toEqual([]);
    expect(await keys(billing.loader, "/settings/billing")).toEqual(["billing"]);
    expect(await keys(partners.loader, "/settings/partners")).toEqual(["partners", "maxPartners"]);
    expect(await keys(shareLinks.loader, "/settings/share-links")).toEqual(["shareLinks"]);
    expect(await keys(account.loader, "/settings/account")).toEqual([]);
  });

  it("refuse an intent that belongs to another page with 400, changing nothing", async () => {
    const { user, cookie } = await signedIn();
    const before = getUserById(user.id);
    for (const { path, action } of PAGES.filter((p) => p.path !== "/settings/account")) {
      const response = await post(
        action,
        path,
        { intent: "delete", password: user.password, confirm: "on" },
        cookie,
      );
      expect(response.status, path).toBe(400);
    }
    expect(getUserById(user.id)).toEqual(before);
  });

  it("show the profile page's check-in preferences and save them there", async () => {
    const { user, cookie } = await signedIn();
    const saved = await post(
      profile.action,
      "/settings?index",
      {
        intent: "settings",
        email: user.email,
        timezone: "America/Denver",
        preferredCheckInTimeMorning: "09:00",
        preferredCheckInTimeEvening: "21:00",
        receiveWeeklySummary: "on",
      },
      cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/settings");
    expect(await toastOf(saved)).toEqual({
      title: "Settings updated",
      description: "Your account settings have been updated successfully.",
      type: "success",
    });
    // The phone is not on this form, so it is left as it was.
    expect(getUserById(user.id)).toMatchObject({
      phone: user.phone,
      timezone: "America/Denver",
      preferredCheckInTimeMorning: "09:00",
      sendCheckInReminders: false,
      receiveWeeklySummary: true,
    });
  });
});

describe("posts of the old single Settings page", () => {
  it("are answered with a 307 to the page that has the intent now", async () => {
    const { cookie } = await signedIn();
    for (const [intent, page] of Object.entries(LEGACY_INTENT_PAGES)) {
      const response = await post(layout.action, "/settings", { intent }, cookie);
      expect(response.status, intent).toBe(307);
      expect(response.headers.get("Location"), intent).toBe(page);
    }
    expect(LEGACY_INTENT_PAGES).toMatchObject({
      settings: "/settings?index",
      "send-code": "/settings/phone",
      "verify-code": "/settings/phone",
      password: "/settings/password",
      delete: "/settings/account",
      "partner-add": "/settings/partners",
      "partner-remove": "/settings/partners",
      "share-create": "/settings/share-links",
      "share-revoke": "/settings/share-links",
    });
  });

  it("land on a page whose action knows the intent (none answers 'Unknown action.')", async () => {
    const { cookie } = await signedIn();
    for (const [intent, path] of Object.entries(LEGACY_INTENT_PAGES)) {
      if (intent === "delete" || intent === "send-code") continue; // both checked elsewhere
      const response = await post(pageAt(path).action, path, { intent }, cookie);
      expect(await response.clone().text(), intent).not.toBe("Unknown action.");
    }
  });

  it("refuse an unknown or inherited intent with 400", async () => {
    const { cookie } = await signedIn();
    for (const intent of ["", "nope", "constructor", "__proto__", "toString", "phone"]) {
      const response = await post(layout.action, "/settings", { intent }, cookie);
      expect(response.status, intent).toBe(400);
      expect(await response.text()).toBe("Unknown action.");
    }
  });

  it("keep the whole post: the old form with a new phone is applied by the profile page", async () => {
    const { user, cookie } = await signedIn();
    const fields = {
      intent: "settings",
      email: user.email,
      phone: "(201) 555-0177",
      timezone: "America/Chicago",
      preferredCheckInTimeMorning: "07:00",
      preferredCheckInTimeEvening: "20:00",
      sendCheckInReminders: "on",
      currentPassword: user.password,
    };
    const first = await post(layout.action, "/settings", fields, cookie);
    expect(first.status).toBe(307);
    // The browser sends the same body again to the Location.
    const location = first.headers.get("Location")!;
    const second = await post(pageAt(location).action, location, fields, cookie);
    expect(second.status).toBe(302);
    expect(await toastOf(second)).toMatchObject({ title: "Settings updated" });
    // An unverified account's number changes at once, as it did on the old page.
    expect(getUserById(user.id)).toMatchObject({
      phone: "+12015550177",
      timezone: "America/Chicago",
      receiveWeeklySummary: false,
    });
  });

  it("change the password through the 307, with the old toast", async () => {
    const { user, cookie } = await signedIn();
    const fields = {
      intent: "password",
      currentPassword: user.password,
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    };
    const first = await post(layout.action, "/settings", fields, cookie);
    const location = first.headers.get("Location")!;
    expect(location).toBe("/settings/password");
    const second = await post(password.action, location, fields, cookie);
    expect(second.headers.get("Location")).toBe("/settings/password");
    expect(await toastOf(second)).toEqual({
      title: "Password changed",
      description: "Your password has been changed and your other sessions were signed out.",
      type: "success",
    });
  });
});

describe("old links to Settings", () => {
  it("a Stripe return to /settings?checkout=… goes on to Plan & billing", async () => {
    const { cookie } = await signedIn();
    for (const outcome of ["success", "canceled"]) {
      const response = await call(
        profile.loader,
        makeRequest(`/settings?checkout=${outcome}`, { cookie }),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/settings/billing?checkout=${outcome}`);
    }
  });

  it("every anchor of the old page names the page that has its section now", () => {
    expect(pageOfLegacyAnchor("#billing")?.to).toBe("/settings/billing");
    expect(pageOfLegacyAnchor("#partners")?.to).toBe("/settings/partners");
    expect(pageOfLegacyAnchor("#share-links")?.to).toBe("/settings/share-links");
    expect(pageOfLegacyAnchor("#phone")?.to).toBe("/settings/phone");
    expect(pageOfLegacyAnchor("#change-password")?.to).toBe("/settings/password");
    expect(pageOfLegacyAnchor("#password")?.to).toBe("/settings/password");
    expect(pageOfLegacyAnchor("#delete-account")?.to).toBe("/settings/account");
    expect(pageOfLegacyAnchor("#delete")?.to).toBe("/settings/account");
    // The profile form keeps its id on /settings; unknown and malformed anchors stay put.
    for (const hash of ["#settings", "#main", "", "#%E0%A4%A", "#constructor"]) {
      expect(pageOfLegacyAnchor(hash)).toBeNull();
    }
    // Each anchor leads to exactly one page, and every target is a page of the sub-navigation.
    const anchors = SETTINGS_SECTIONS.flatMap((s) => s.legacyAnchors);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const target of Object.values(LEGACY_ANCHOR_TARGETS)) {
      expect(SETTINGS_SECTIONS.map((s) => s.to)).toContain(target);
    }
  });

  it("the 'plan ended' text links to Plan & billing itself", () => {
    const text = templates.accessEnded("trial", "https://streakcoach.example");
    expect(text).toContain("https://streakcoach.example/settings/billing");
    expect(text).not.toContain("#");
  });
});

describe("route files", () => {
  const sources = import.meta.glob<string>("../../app/routes/**/*.{ts,tsx}", {
    eager: true,
    query: "?raw",
    import: "default",
  });

  it("are 300 lines or fewer each", () => {
    const long = Object.entries(sources)
      .map(([file, text]) => ({ file, lines: text.split("\n").length - 1 }))
      .filter((f) => f.lines > 300);
    expect(long).toEqual([]);
    expect(Object.keys(sources)).toEqual(
      expect.arrayContaining([
        "../../app/routes/settings+/_layout.tsx",
        "../../app/routes/settings+/index.tsx",
        "../../app/routes/settings+/account.tsx",
      ]),
    );
  });
});
