/// <reference types="vite/client" />
import type { ServerBuild } from "@remix-run/node";
import { createGoal } from "~/goals/goals.server";
import { DEFAULT_BODY_LIMIT, type BodyLimitHandle } from "~/utils/requests/body-limits";
import { guardRoutes, refuseCrossSite } from "~/http/request-guard.server";
import { call } from "../helpers/requests";
import { routeManifest } from "../helpers/route-manifest";
import { callers, fc, snapshotDatabase } from "../helpers/robustness";

// Every route that exports an action (found on disk, so a new one is covered the day it is added) is
// guarded the way the server build guards it (app/server-entry.ts): a state-changing request that a
// page of another site made is refused with 403 before any code of the route runs, and a body over
// the route's limit is refused with 413 (by its declared length, and by counting when the length
// lies or is absent). Neither changes a single row, signed in or not.

type RouteModule = ServerBuild["routes"][string]["module"];

const modules: Record<string, RouteModule> = import.meta.glob<RouteModule>(
  "../../app/routes/**/*.{ts,tsx}",
  { eager: true },
);

const SAMPLE_PARAMS: Record<string, string> = {
  id: "1",
  slug: "a-post",
  token: "a-token",
  period: "week",
  date: "2026-11-23",
};

const patternOfFile = new Map(routeManifest().map((route) => [route.file, route.pattern]));

/** A URL path the route answers: `api+/goals_.$id_.complete.ts` → `/api/goals/1/complete`. */
export function samplePath(file: string) {
  const pattern = patternOfFile.get(file.replace(/^.*\/app\//, ""));
  if (pattern === undefined) throw new Error(`${file} is not a route`);
  return pattern.replace(/:(\w+)|\*/g, (_, param: string | undefined) =>
    param ? (SAMPLE_PARAMS[param] ?? "1") : "anything",
  );
}

const actionRoutes = Object.entries(modules)
  .filter(([, module]) => typeof module.action === "function")
  .map(([file, module]) => ({ id: file, path: samplePath(file), module }));

const guarded = guardRoutes(
  Object.fromEntries(
    actionRoutes.map((r) => [r.id, { id: r.id, path: r.path, module: r.module }]),
  ) as ServerBuild["routes"],
);

const { account, cookie: cookieOf } = callers();

beforeAll(async () => {
  const user = await account("user");
  createGoal(user.id, { description: "Stretch", dueDate: new Date() });
  await account("admin");
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

// The scheme alone is not compared (behind Fly's proxy the app sees http for the browser's https).
const foreignOrigin = fc.constantFrom(
  "https://evil.example",
  "http://localhost.evil.example",
  "http://localhost:1",
  "http://evil.localhost",
  "null",
  "not a url",
);

const method = fc.constantFrom("POST", "PUT", "PATCH", "DELETE");

async function cookieFor(role: "anonymous" | "user" | "admin") {
  return cookieOf(role, "");
}

const role = fc.constantFrom<"anonymous" | "user" | "admin">("anonymous", "user", "admin");

it("finds every action route, webhooks included", () => {
  const paths = actionRoutes.map((r) => r.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      "/login",
      "/register",
      "/dashboard",
      "/settings",
      "/logout",
      "/theme",
      "/newsletter",
      "/api/goals/1/complete",
      "/webhooks/stripe",
      "/webhooks/twilio/messages",
    ]),
  );
  expect(paths.length).toBeGreaterThanOrEqual(30);
});

describe.each(actionRoutes.filter((r) => !r.path.startsWith("/webhooks/")))(
  "cross-site requests to $path",
  ({ path }) => {
    it("are refused with 403 and change nothing, as a page or a data request", async () => {
      await fc.assert(
        fc.asyncProperty(
          foreignOrigin,
          method,
          role,
          fc.boolean(),
          async (origin, verb, who, data) => {
            const cookie = await cookieFor(who);
            const before = snapshotDatabase();
            const url = new URL(`${path}${data ? "?_data=routes%2Fx" : ""}`, "http://localhost");
            const headers = new Headers({
              Origin: origin,
              "Content-Type": "application/x-www-form-urlencoded",
            });
            if (cookie) headers.set("Cookie", cookie);
            const request = new Request(url, { method: verb, headers, body: "intent=delete" });
            const refusal = refuseCrossSite(request);
            expect(refusal?.status).toBe(403);
            expect(await refusal!.text()).toMatch(/another site/);
            expect(snapshotDatabase()).toEqual(before);
          },
        ),
        { numRuns: 12 },
      );
    });

    it("are refused when the browser says cross-site without an Origin, or the Referer is foreign", () => {
      const cases: Record<string, string>[] = [
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site" },
        { Referer: "https://evil.example/page" },
      ];
      for (const headers of cases) {
        const request = new Request(new URL(path, "http://localhost"), {
          method: "POST",
          headers,
          body: "a=1",
        });
        expect(refuseCrossSite(request)?.status).toBe(403);
      }
    });

    it("pass from our own pages and from programs that are no browser", () => {
      const cases: Record<string, string>[] = [
        { Origin: "http://localhost" },
        { "Sec-Fetch-Site": "same-origin" },
        { Referer: "http://localhost/dashboard" },
        {},
      ];
      for (const headers of cases) {
        const request = new Request(new URL(path, "http://localhost"), {
          method: "POST",
          headers,
          body: "a=1",
        });
        expect(refuseCrossSite(request)).toBeNull();
      }
    });
  },
);

it("never refuses a signed webhook for its origin (Twilio and Stripe send none of ours)", () => {
  for (const path of ["/webhooks/stripe", "/webhooks/twilio/messages", "/webhooks/twilio/status"]) {
    const request = new Request(new URL(path, "http://localhost"), {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: "a=1",
    });
    expect(refuseCrossSite(request)).toBeNull();
  }
});

/** A body of `size` bytes that says nothing of its length (chunked), or lies about it. */
function oversizedRequest(
  path: string,
  size: number,
  how: "declared" | "chunked" | "lying",
  cookie?: string,
) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
  const chunks = Math.ceil(size / chunk.byteLength);
  if (how === "declared") headers.set("Content-Length", String(size));
  if (how === "lying") headers.set("Content-Length", "10");
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Request(new URL(path, "http://localhost"), {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

describe.each(actionRoutes.map((r) => ({ ...r, guarded: guarded[r.id]!.module })))(
  "oversized bodies to $path",
  ({ path, module, guarded: guardedModule }) => {
    const limit =
      (module.handle as BodyLimitHandle | undefined)?.maxBodyBytes ?? DEFAULT_BODY_LIMIT;

    it.each(["declared", "chunked", "lying"] as const)(
      "are refused with 413 (%s length) and change nothing",
      async (how) => {
        for (const who of ["anonymous", "user"] as const) {
          const cookie = await cookieFor(who);
          const before = snapshotDatabase();
          const response = await call(
            guardedModule.action as never,
            oversizedRequest(path, limit + 1024, how, cookie),
          );
          expect(response.status).toBe(413);
          expect(await response.text()).toMatch(/too large/);
          expect(snapshotDatabase()).toEqual(before);
        }
      },
    );
  },
);

it("lets a body at the limit through to the route", async () => {
  const route = actionRoutes.find((r) => r.path === "/newsletter")!;
  const request = new Request(new URL("/newsletter", "http://localhost"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `email=${"a".repeat(DEFAULT_BODY_LIMIT - 100)}`,
  });
  const response = await call(guarded[route.id]!.module.action as never, request);
  expect(response.status).not.toBe(413);
});
