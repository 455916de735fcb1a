import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/api-docs/openapi";
import { apiRouteFiles, urlOfRouteFile } from "~/api-docs/route-files";
import { createPost } from "~/blog/posts.server";
import { createGoal } from "~/goals/goals.server";
import * as adminUsers from "~/routes/api+/admin.users";
import * as blogPosts from "~/routes/api+/blog-posts";
import * as blogPost from "~/routes/api+/blog-posts_.$id";
import * as publish from "~/routes/api+/blog-posts_.$id_.publish";
import * as unpublish from "~/routes/api+/blog-posts_.$id_.unpublish";
import * as postBySlug from "~/routes/api+/blog-posts_.slug.$slug";
import * as goals from "~/routes/api+/goals";
import * as completeGoal from "~/routes/api+/goals_.$id_.complete";
import * as oneGoal from "~/routes/api+/goals_.$id";
import * as moveGoal from "~/routes/api+/goals_.$id_.move";
import * as reopenGoal from "~/routes/api+/goals_.$id_.reopen";
import * as skipGoal from "~/routes/api+/goals_.$id_.skip";
import * as login from "~/routes/api+/login";
import * as logout from "~/routes/api+/logout";
import * as messages from "~/routes/api+/messages";
import * as replyToSms from "~/routes/api+/mock.reply-to-sms";
import * as sendEvening from "~/routes/api+/mock.send-evening-sms";
import * as sendMorning from "~/routes/api+/mock.send-morning-sms";
import * as currentUser from "~/routes/api+/user";
import * as users from "~/routes/api+/users";
import * as oneUser from "~/routes/api+/users_.$id";
import * as toggleAdmin from "~/routes/api+/users_.$id_.toggle-admin";
import * as verifyPhone from "~/routes/api+/verify-phone";
import { createTestUser, makeRequest, uniquePhone } from "../helpers/requests";
import {
  answer,
  bogusCookie,
  callers,
  identity,
  expectSafe,
  fc,
  hostileHeaders,
  hostileJsonObject,
  nearlyValidJsonObject,
  hostileString,
  jsonRequest,
  malformedBody,
  rawRequest,
} from "../helpers/robustness";

// Every /api route (app/routes/api+/*.ts) gets random and hostile input: wrong types, huge and control
// strings, markup and SQL, malformed JSON, wrong content types and methods, odd ids, as anonymous,
// a user, an admin and with a forged session cookie. For every answer: no 5xx and nothing thrown but
// a Response; for every rejection (4xx): the database is exactly as before and the body is JSON with
// a message (docs/api.md; api.server.ts apiError), never a stack trace or a database error.

type Handler = (args: LoaderFunctionArgs) => unknown;
type Route = { loader?: Handler; action?: Handler };

type Account = { id: number; email: string; phone: string };
let user: Account;
let other: Account;
let admin: Account;
let userGoal: number;
let otherGoal: number;
let draftPost: number;
let publishedPost: number;

const { account, cookie: cookieOf } = callers();

beforeAll(async () => {
  // The callers the runs sign in as, and one more account that is neither.
  user = await account("user");
  admin = await account("admin");
  other = await createTestUser();
  userGoal = createGoal(user.id, { description: "Run 5k", dueDate: new Date() }).id;
  otherGoal = createGoal(other.id, { description: "Read", dueDate: new Date() }).id;
  const post = {
    title: "A robust post",
    excerpt: "An excerpt long enough.",
    content: "Content ".repeat(10),
    featuredImageUrl: null,
    tags: ["one"],
    featured: false,
  };
  draftPost = createPost(admin.id, { ...post, slug: "robust-draft", published: false }).id;
  publishedPost = createPost(admin.id, { ...post, slug: "robust-live", published: true }).id;
});

beforeEach(() => {
  // The chat route logs engine failures; hostile input may provoke them on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/**
 * Ids the routes might be given: real ones of several owners ("$user", "$goal"... stand for them,
 * resolved when the run starts, so counterexamples stay readable), and anything else.
 */
const oddIds = fc.oneof(
  hostileString,
  fc.constantFrom("0", "-1", "1.5", "999999", "99999999999999999999", "1e3", "0x1", "%2e%2e"),
);
const userIdParam = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("$user", "$admin") },
  { weight: 1, arbitrary: fc.constant("$other") },
  { weight: 1, arbitrary: oddIds },
);
const goalIdParam = fc.oneof(fc.constantFrom("$userGoal", "$otherGoal", "$user"), oddIds);
const postIdParam = fc.oneof(fc.constantFrom("$draftPost", "$publishedPost", "$user"), oddIds);
const slugParam = fc.oneof(fc.constantFrom("robust-draft", "robust-live", "x".repeat(300)), oddIds);
const noParam = fc.constant("");

function resolve(token: string) {
  const ids: Record<string, number> = {
    $user: user.id,
    $other: other.id,
    $admin: admin.id,
    $userGoal: userGoal,
    $otherGoal: otherGoal,
    $draftPost: draftPost,
    $publishedPost: publishedPost,
  };
  // What Remix can hand a route: a path segment decoded from a URL, so well-formed Unicode.
  return token in ids ? String(ids[token]) : token.replace(/\p{Cs}/gu, "\ufffd");
}
const segment = (value: string) => encodeURIComponent(value);

// Valid values for body fields, so that some runs get past validation and reach the database.
const validEmail = fc.constantFrom("new@example.com", "USER@Example.com ", "a.b+c@example.org");
const validPhone = fc.constant(null).map(() => uniquePhone());
const validMorning = fc.constantFrom("06:00", "08:00", "11:00");
const validEvening = fc.constantFrom("17:00", "19:00", "22:00");
const validZone = fc.constantFrom("America/New_York", "Pacific/Honolulu");
const ownUserId = fc.constant(null).map(() => user.id);
const ownOrOtherUserId = fc.oneof(
  ownUserId,
  fc.constant(null).map(() => other.id),
);

type Endpoint = {
  name: string;
  route: Route;
  path: (param: string) => string;
  param: fc.Arbitrary<string>;
  paramName?: string;
  methods: string[];
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** Query parameters a loader reads. */
  query?: string[];
  /** Columns a rejection may write by design (see the endpoint). */
  allowOnRejection?: Record<string, string[]>;
};

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /api/admin/users",
    route: adminUsers,
    path: () => "/api/admin/users",
    param: noParam,
    methods: ["GET", "POST", "DELETE"],
    query: ["search"],
  },
  {
    name: "/api/blog-posts",
    route: blogPosts,
    path: () => "/api/blog-posts",
    param: noParam,
    methods: ["GET", "POST", "PUT"],
    query: ["tag"],
    body: {
      title: fc.constantFrom("A brand new title", "Hi"),
      slug: fc.constantFrom("fresh-slug", "robust-live", "Bad Slug!"),
      excerpt: fc.constant("An excerpt of some length"),
      content: fc.constant("Long content. ".repeat(5)),
      published: fc.boolean(),
      featuredImageUrl: fc.constantFrom("", "https://example.com/a.png", "javascript:alert(1)"),
      tags: fc.constantFrom(["a", "b"], "a, b"),
      authorId: ownUserId,
    },
  },
  {
    name: "/api/blog-posts/{id}",
    route: blogPost,
    path: (id) => `/api/blog-posts/${segment(id)}`,
    param: postIdParam,
    methods: ["GET", "PATCH", "DELETE", "POST"],
    body: {
      title: fc.constant("An edited title"),
      slug: fc.constantFrom("robust-live", "robust-draft", "changed"),
      excerpt: fc.constant("An edited excerpt"),
      content: fc.constant("Edited content. ".repeat(5)),
      published: fc.boolean(),
      featured: fc.boolean(),
      tags: fc.constantFrom([], ["x"]),
    },
  },
  {
    name: "POST /api/blog-posts/{id}/publish",
    route: publish,
    path: (id) => `/api/blog-posts/${segment(id)}/publish`,
    param: postIdParam,
    methods: ["GET", "POST", "PATCH"],
    body: {},
  },
  {
    name: "POST /api/blog-posts/{id}/unpublish",
    route: unpublish,
    path: (id) => `/api/blog-posts/${segment(id)}/unpublish`,
    param: postIdParam,
    methods: ["GET", "POST", "DELETE"],
    body: {},
  },
  {
    name: "GET /api/blog-posts/slug/{slug}",
    route: postBySlug,
    path: (slug) => `/api/blog-posts/slug/${segment(slug)}`,
    param: slugParam,
    paramName: "slug",
    methods: ["GET", "POST"],
  },
  {
    name: "/api/goals",
    route: goals,
    path: () => "/api/goals",
    param: noParam,
    methods: ["GET", "POST", "PATCH"],
    query: ["userId", "active"],
    body: {
      userId: ownOrOtherUserId,
      description: fc.constantFrom("Drink water", "  Stretch  "),
      dueDate: fc.constantFrom("2030-01-01T10:00:00Z", "2030-01-01T10:00:00+02:00", "2030-01-01"),
      sourceMessageId: fc.constant(undefined),
    },
  },
  {
    name: "PATCH /api/goals/{id}/complete",
    route: completeGoal,
    path: (id) => `/api/goals/${segment(id)}/complete`,
    param: goalIdParam,
    methods: ["GET", "PATCH", "POST"],
    body: {
      proofImageUrls: fc.constantFrom([], ["https://example.com/p.jpg"], ["/media/abc"]),
      llmFeedback: fc.constant("Well done"),
    },
  },
  {
    name: "PATCH and DELETE /api/goals/{id}",
    route: oneGoal,
    path: (id) => `/api/goals/${segment(id)}`,
    param: goalIdParam,
    methods: ["GET", "PATCH", "DELETE", "POST"],
    body: {
      description: fc.constantFrom("Run 10k", "Read"),
      dueDate: fc.constantFrom("2026-12-01T18:00:00Z", "2026-12-02T08:30:00-05:00"),
    },
  },
  ...(
    [
      ["skip", skipGoal],
      ["reopen", reopenGoal],
      ["move", moveGoal],
    ] as const
  ).map(([verb, route]) => ({
    name: `PATCH /api/goals/{id}/${verb}`,
    route,
    path: (id: string) => `/api/goals/${segment(id)}/${verb}`,
    param: goalIdParam,
    methods: ["GET", "PATCH", "POST"],
    body: {},
  })),
  {
    name: "POST /api/login",
    route: login,
    path: () => "/api/login",
    param: noParam,
    methods: ["GET", "POST", "PUT"],
    body: {
      email: fc.constant(null).map(() => user.email),
      password: fc.constantFrom("correct horse battery", "wrong password"),
    },
  },
  {
    name: "POST /api/logout",
    route: logout,
    path: () => "/api/logout",
    param: noParam,
    methods: ["GET", "POST", "DELETE"],
    body: {},
  },
  {
    name: "GET /api/messages",
    route: messages,
    path: () => "/api/messages",
    param: noParam,
    methods: ["GET", "POST"],
    query: ["userId"],
  },
  {
    name: "POST /api/mock/reply-to-sms",
    route: replyToSms,
    path: () => "/api/mock/reply-to-sms",
    param: noParam,
    methods: ["GET", "POST"],
    body: {
      userId: ownUserId,
      body: fc.constantFrom("hello", "DONE", "goal: stretch", "STOP", "START", "HELP"),
      mediaUrls: fc.constantFrom([], ["/media/unknown"], null),
      source: fc.constant("web"),
    },
  },
  ...(
    [
      ["morning", sendMorning],
      ["evening", sendEvening],
    ] as const
  ).map(([when, route]) => ({
    name: `POST /api/mock/send-${when}-sms`,
    route,
    path: () => `/api/mock/send-${when}-sms`,
    param: noParam,
    methods: ["GET", "POST"],
    body: { userId: ownOrOtherUserId },
  })),
  {
    name: "GET /api/user",
    route: currentUser,
    path: () => "/api/user",
    param: noParam,
    methods: ["GET", "POST"],
  },
  {
    name: "POST /api/users",
    route: users,
    path: () => "/api/users",
    param: noParam,
    methods: ["GET", "POST"],
    body: {
      email: fc.oneof(
        { weight: 3, arbitrary: fc.uuid().map((id) => `${id}@example.com`) },
        // Taken: 409.
        { weight: 1, arbitrary: fc.constant(null).map(() => user.email) },
      ),
      password: fc.constant("a long password"),
      phone: validPhone,
      timezone: validZone,
      preferredCheckInTimeMorning: validMorning,
      preferredCheckInTimeEvening: validEvening,
      sendCheckInReminders: fc.boolean(),
      receiveWeeklySummary: fc.boolean(),
      terms: fc.constant(true),
    },
  },
  {
    name: "/api/users/{id}",
    route: oneUser,
    path: (id) => `/api/users/${segment(id)}`,
    param: userIdParam,
    methods: ["GET", "PATCH", "POST", "DELETE"],
    body: {
      email: validEmail,
      phone: fc.oneof(
        validPhone,
        fc.constant(null).map(() => other.phone),
      ),
      timezone: validZone,
      preferredCheckInTimeMorning: validMorning,
      preferredCheckInTimeEvening: validEvening,
      sendCheckInReminders: fc.boolean(),
      receiveWeeklySummary: fc.boolean(),
    },
  },
  {
    name: "POST /api/users/{id}/toggle-admin",
    route: toggleAdmin,
    path: (id) => `/api/users/${segment(id)}/toggle-admin`,
    param: userIdParam,
    methods: ["GET", "POST", "PUT"],
    body: {},
  },
  {
    name: "POST /api/verify-phone",
    route: verifyPhone,
    path: () => "/api/verify-phone",
    param: noParam,
    methods: ["GET", "POST"],
    body: {
      phone: fc.constant(null).map(() => user.phone),
      code: fc.constantFrom("123456", 123456, "12 34 56"),
    },
    // A wrong code spends one of the pending code's tries (phone-codes.server.ts checkCode), so
    // nobody can guess forever: that single counter is the one write a rejection here may make.
    allowOnRejection: { phone_codes: ["attempts"] },
  },
];

/** What Remix does with a method: GET to the loader, anything else to the action (405 without). */
function handlerFor(route: Route, method: string) {
  return method === "GET" ? route.loader : route.action;
}

const RUNS = 40;

describe.each(ENDPOINTS)("$name", (endpoint) => {
  const params = (value: string): Record<string, string> =>
    endpoint.param === noParam ? {} : { [endpoint.paramName ?? "id"]: value };

  it("answers hostile JSON bodies, ids and callers without a 5xx, and rejects without writing", async () => {
    await fc.assert(
      fc.asyncProperty(
        identity,
        bogusCookie,
        endpoint.param,
        // Mostly the method the endpoint writes with (wrong methods have their own property below).
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(endpoint.methods.find((m) => m !== "GET") ?? "GET") },
          { weight: 1, arbitrary: fc.constantFrom(...endpoint.methods) },
        ),
        endpoint.body
          ? fc.oneof(
              { weight: 1, arbitrary: hostileJsonObject(endpoint.body) },
              { weight: 2, arbitrary: nearlyValidJsonObject(endpoint.body) },
            )
          : fc.constant(undefined),
        // Sometimes a body that is JSON but not an object.
        fc.oneof(
          { weight: 5, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: hostileValue() },
        ),
        async (who, bogus, param, method, body, notAnObject) => {
          const handler = handlerFor(endpoint.route, method);
          if (!handler) return;
          const cookie = await cookieOf(who, bogus);
          const id = resolve(param);
          const json =
            method === "GET" ? undefined : notAnObject !== undefined ? notAnObject : (body ?? {});
          await expectSafe(
            "api",
            () =>
              answer(
                handler,
                json === undefined
                  ? makeRequest(endpoint.path(id), { method, cookie })
                  : jsonRequest(endpoint.path(id), method, json, cookie),
                params(id),
              ),
            { allowOnRejection: endpoint.allowOnRejection },
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("answers malformed bodies and wrong content types with a 4xx message, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        identity,
        bogusCookie,
        endpoint.param,
        fc.constantFrom(...endpoint.methods.filter((m) => m !== "GET"), "POST"),
        malformedBody,
        hostileHeaders,
        async (who, bogus, param, method, raw, headers) => {
          const handler = handlerFor(endpoint.route, method);
          if (!handler) return;
          const cookie = await cookieOf(who, bogus);
          const id = resolve(param);
          await expectSafe(
            "api",
            () =>
              answer(
                handler,
                rawRequest(endpoint.path(id), method, raw, { cookie, headers }),
                params(id),
              ),
            { allowOnRejection: endpoint.allowOnRejection },
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  if (endpoint.route.loader) {
    it("answers hostile query strings and ids on GET without a 5xx", async () => {
      await fc.assert(
        fc.asyncProperty(
          identity,
          bogusCookie,
          endpoint.param,
          fc.array(fc.tuple(fc.constantFrom(...(endpoint.query ?? ["q"]), "x"), hostileString), {
            maxLength: 3,
          }),
          async (who, bogus, param, query) => {
            const cookie = await cookieOf(who, bogus);
            const id = resolve(param);
            const search = new URLSearchParams(query).toString();
            // A read never writes, whatever it answers.
            await expectSafe(
              "api",
              () =>
                answer(
                  endpoint.route.loader,
                  makeRequest(`${endpoint.path(id)}${search ? `?${search}` : ""}`, { cookie }),
                  params(id),
                ),
              { neverWrites: true },
            );
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

function hostileValue() {
  return fc.oneof(
    hostileString,
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
}

// Found by Schemathesis (npm run test:api-fuzz): a write to a read-only call (GET /api/user, /api/stats,
// /api/admin/users) had no action, so Remix answered 405 without Allow, saying "Unexpected Server Error".
describe("methods an /api call does not have", () => {
  const document = openApiDocument();
  it.each(apiRouteFiles())(
    "%s answers them with 405, a JSON message and Allow listing the document's methods",
    async (file) => {
      const template = urlOfRouteFile(file);
      const operations = document.paths[template];
      expect(operations, `${template} is not in the document`).toBeDefined();
      const documented = Object.keys(operations!).map((m) => m.toUpperCase());
      // Loaded by name: the list of files is read from the folder, so a new /api route is covered unlisted.
      const route = (await import(`~/routes/api+/${file}.ts`)) as Route;
      const url = template.replace(/\{\w+\}/g, "1");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (documented.includes(method)) continue;
        const handler = handlerFor(route, method);
        expect(handler, `${method} ${url} reaches no handler`).toBeDefined();
        const { status, json, response } = await answer(handler!, makeRequest(url, { method }), {
          id: "1",
          slug: "x",
        });
        expect(status, `${method} ${url}`).toBe(405);
        expect(response.headers.get("Allow"), `${method} ${url}`).toBe(documented.join(", "));
        expect(json).toEqual({ message: "Method not allowed" });
      }
    },
  );
});
