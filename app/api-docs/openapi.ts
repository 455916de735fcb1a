import { z } from "zod";
import {
  NewPostSchema,
  PostDetailAnswerSchema,
  PostPatchSchema,
  PostPublicationAnswerSchema,
  PostSummaryAnswerSchema,
} from "~/blog/post-schema";
import {
  ChatAnswerSchema,
  ChatApiSchema,
  MessageAnswerSchema,
  SendNowApiSchema,
  SendNowRefusedSchema,
  SendNowSentSchema,
} from "~/conversation/chat-schema";
import {
  CompleteGoalSchema,
  EditGoalApiSchema,
  GoalAnswerSchema,
  GoalStatsAnswerSchema,
  NewGoalApiSchema,
} from "~/goals/goal-schema";
import {
  EditHabitSchema,
  HabitAnswerSchema,
  HabitDayAnswerSchema,
  HabitDayEntrySchema,
  NewHabitSchema,
} from "~/habits/habit-schema";
import { ApiErrorSchema, ApiMessageSchema } from "~/http/api-errors";
import {
  LoginSchema,
  RegisterSchema,
  SettingsApiSchema,
  UserAnswerSchema,
  UserRowAnswerSchema,
} from "~/users/user-schema";
import {
  CheckCodeSchema,
  CodeRefusedSchema,
  SendCodeSchema,
  VerifyPhoneAnswerSchema,
} from "~/verification/verify-phone-schema";

// The OpenAPI 3.1 document of /api, made from the zod schemas the routes validate with and answer in,
// so the two cannot drift. Served at GET /api/openapi.json and kept in docs/openapi.json
// (`npm run openapi` writes it; a unit test fails while the copy is stale).

type JsonSchema = Record<string, unknown>;
type Responses = Record<string, unknown>;

/** JSON Schema of a zod schema: requests as they are sent (input), answers as they are written. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    // Dates leave the server as JSON.stringify writes them: ISO 8601 instants.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "date") {
        ctx.jsonSchema.type = "string";
        ctx.jsonSchema.format = "date-time";
      }
    },
  });
  return rest;
}

const answers = {
  User: UserAnswerSchema,
  UserRow: UserRowAnswerSchema,
  Goal: GoalAnswerSchema,
  GoalStats: GoalStatsAnswerSchema,
  Habit: HabitAnswerSchema,
  HabitDay: HabitDayAnswerSchema,
  Message: MessageAnswerSchema,
  ChatAnswer: ChatAnswerSchema,
  SendNowSent: SendNowSentSchema,
  SendNowRefused: SendNowRefusedSchema,
  VerifyPhoneAnswer: VerifyPhoneAnswerSchema,
  CodeRefused: CodeRefusedSchema,
  PostSummary: PostSummaryAnswerSchema,
  PostDetail: PostDetailAnswerSchema,
  PostPublication: PostPublicationAnswerSchema,
  Error: ApiErrorSchema,
  Confirmation: ApiMessageSchema,
} as const;

type AnswerName = keyof typeof answers;

const ref = (name: AnswerName) => ({ $ref: `#/components/schemas/${name}` });
const list = (name: AnswerName) => ({ type: "array", items: ref(name) });

function jsonContent(schema: JsonSchema) {
  return { content: { "application/json": { schema } } };
}

function answer(description: string, schema: JsonSchema, headers?: Record<string, unknown>) {
  return { description, ...(headers ? { headers } : {}), ...jsonContent(schema) };
}

const error = (description: string, headers?: Record<string, unknown>) =>
  answer(description, ref("Error"), headers);

const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "string", pattern: "^\\d+$" },
  },
};

const setsSession = {
  "Set-Cookie": { description: "The session cookie", schema: { type: "string" } },
};

/** The refusals every request of a kind can meet, whatever the route. */
const refusals = {
  signedIn: { "401": error("Not signed in (no session cookie, or an ended session)") },
  write: {
    "400": error("The body could not be read, or a field is wrong (`errors` names each field)"),
    "403": error(
      "A write another site's page made (its Origin or Referer is not this site): refused as cross-site",
    ),
    "413": error("The body is larger than 64 KB"),
  },
  json: {
    "415": error("A body that is not JSON (Content-Type: application/json)"),
  },
  admin: { "403": error("Admins only (or a cross-site write)") },
  userIdQuery: {
    "400": error("userId is not a positive integer"),
    "403": error("Another user's data, for a caller who is not an admin"),
    "404": error("An admin named a user who does not exist"),
  },
} satisfies Record<string, Responses>;

function body(schema: z.ZodType, required = true) {
  return { required, ...jsonContent(jsonSchema(schema, "input")) };
}

const idParameter = (what: string) => ({
  name: "id",
  in: "path",
  required: true,
  description: `The ${what}'s id (any other value is simply not found: 404)`,
  schema: { type: "integer", minimum: 1 },
});

const userIdParameter = {
  name: "userId",
  in: "query",
  required: false,
  description: "Whose data: yourself when absent; another user for admins only",
  schema: { type: "integer", minimum: 1 },
};

/** Public calls: no cookie needed (one that is sent may show an admin more). */
const PUBLIC = [{}, { sessionCookie: [] }];

type Operation = {
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Responses;
  deprecated?: boolean;
};

const goalPatch = (summary: string, description: string): Operation => ({
  summary,
  description,
  tags: ["goals"],
  parameters: [idParameter("goal")],
  responses: {
    "200": answer("The goal", ref("Goal")),
    ...refusals.write,
    ...refusals.signedIn,
    "404": error("No such goal of the caller's (another user's goal is 404 for everyone)"),
    "409": error("The goal's state forbids it"),
  },
});

function chatOperation(deprecated = false): Operation {
  return {
    summary: deprecated ? "Web chat (old URL of POST /api/chat)" : "Send a web chat message",
    description:
      "The message goes through the same conversation engine as a text (source web); the coach's reply is stored in the thread, nothing is texted. Only as yourself: a userId other than the caller's is 403, admins included.",
    tags: ["conversation"],
    deprecated,
    requestBody: body(ChatApiSchema),
    responses: {
      "200": answer("The coach's reply", ref("ChatAnswer")),
      ...refusals.write,
      "403": error("Another user's id, or a cross-site write"),
      ...refusals.json,
      ...refusals.signedIn,
      "429": error("The most messages read in a day were sent today", retryAfter),
      "500": error("The message could not be handled (logged); nothing was half written"),
    },
  };
}

function sendNowOperation(kind: "morning" | "evening", deprecated = false): Operation {
  return {
    summary: `Send the ${kind} question now${deprecated ? ` (old URL of POST /api/send-now/${kind})` : ""}`,
    description:
      "Texts the question now and marks it pending, for yourself or (admins) anyone named by userId; at most 3 a day. The body may be empty.",
    tags: ["conversation"],
    deprecated,
    requestBody: body(SendNowApiSchema, false),
    responses: {
      "200": answer("The question was sent", ref("SendNowSent")),
      ...refusals.write,
      ...refusals.userIdQuery,
      "403": error("Another user's id for a caller who is not an admin, or a cross-site write"),
      "400": error("userId is not a positive integer, or the body could not be read"),
      ...refusals.json,
      ...refusals.signedIn,
      "409": answer(
        "Not sent: the number is unverified, opted out or undeliverable, or there is nothing to ask",
        ref("SendNowRefused"),
      ),
      "429": error("Sent 3 times in the last day already"),
      "502": answer("The SMS provider failed", ref("SendNowRefused")),
    },
  };
}

function paths(): Record<string, Record<string, Operation>> {
  return {
    "/api/openapi.json": {
      get: {
        summary: "This document",
        tags: ["meta"],
        security: [],
        responses: { "200": answer("The OpenAPI 3.1 document of /api", { type: "object" }) },
      },
    },
    "/api/user": {
      get: {
        summary: "The signed-in user",
        tags: ["accounts"],
        responses: { "200": answer("The caller", ref("User")), ...refusals.signedIn },
      },
    },
    "/api/login": {
      post: {
        summary: "Sign in",
        tags: ["accounts"],
        security: [],
        requestBody: body(LoginSchema),
        responses: {
          "200": answer("The user, signed in", ref("User"), setsSession),
          ...refusals.write,
          ...refusals.json,
          "401": error("Wrong email or password"),
          "429": error("Too many attempts from this address or for this account", retryAfter),
        },
      },
    },
    "/api/logout": {
      post: {
        summary: "Sign out",
        tags: ["accounts"],
        security: PUBLIC,
        responses: {
          "200": answer(
            "Signed out (also when no one was signed in)",
            ref("Confirmation"),
            setsSession,
          ),
          ...refusals.write,
        },
      },
    },
    "/api/users": {
      post: {
        summary: "Sign up",
        description: "Any roles in the body are ignored. The new account is signed in.",
        tags: ["accounts"],
        security: [],
        requestBody: body(RegisterSchema),
        responses: {
          "201": answer("The new user, signed in", ref("User"), setsSession),
          ...refusals.write,
          ...refusals.json,
          "409": error("The email or the phone number is taken"),
          "429": error("Too many sign-ups from this address", retryAfter),
        },
      },
    },
    "/api/users/{id}": {
      get: {
        summary: "A user: yourself, or anyone for an admin",
        tags: ["accounts"],
        parameters: [idParameter("user")],
        responses: {
          "200": answer("The user", ref("User")),
          ...refusals.signedIn,
          "404": error("No such user, or another user for a caller who is not an admin"),
        },
      },
      patch: {
        summary: "Change settings",
        description:
          "Any of the settings (weekStartsOn, 'sunday' or 'monday', is the first day of the user's weeks everywhere); a new email or phone needs currentPassword (an admin changing another account's does not).",
        tags: ["accounts"],
        parameters: [idParameter("user")],
        requestBody: body(SettingsApiSchema),
        responses: {
          "200": answer("The user, changed", ref("User")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "404": error("No such user, or another user for a caller who is not an admin"),
          "409": error("The email or the phone number is taken"),
          "429": error("Too many changes of email or phone", retryAfter),
        },
      },
    },
    "/api/users/{id}/toggle-admin": {
      post: {
        summary: "Grant or take back the admin role (admins)",
        tags: ["admin"],
        parameters: [idParameter("user")],
        responses: {
          "200": answer(
            "The user with the role changed",
            jsonSchema(z.object({ message: z.string(), user: UserAnswerSchema }), "output"),
          ),
          ...refusals.write,
          ...refusals.signedIn,
          ...refusals.admin,
          "404": error("No such user"),
          "409": error("The last admin cannot drop their own role"),
        },
      },
    },
    "/api/admin/users": {
      get: {
        summary: "Every account, or those whose email or phone contain a term (admins)",
        tags: ["admin"],
        parameters: [
          {
            name: "search",
            in: "query",
            required: false,
            description: "Part of an email or phone number (the first 200 characters count)",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": answer("The accounts, by id", list("UserRow")),
          ...refusals.signedIn,
          ...refusals.admin,
        },
      },
    },
    "/api/verify-phone": {
      post: {
        summary: "Text a verification code, or check one",
        description:
          "`{phone}` (the number on the account, in any format) texts a code to it; `{code}` checks the code and marks the number verified. Not both.",
        tags: ["accounts"],
        requestBody: {
          required: true,
          ...jsonContent({
            anyOf: [jsonSchema(SendCodeSchema, "input"), jsonSchema(CheckCodeSchema, "input")],
          }),
        },
        responses: {
          "200": answer(
            "A code was sent, the number is verified, or it is now the account's",
            ref("VerifyPhoneAnswer"),
          ),
          ...refusals.write,
          "400": answer("A wrong field, or a code that is wrong, expired or used up", {
            anyOf: [ref("Error"), ref("CodeRefused")],
          }),
          ...refusals.json,
          ...refusals.signedIn,
          "429": error("Too many codes asked for", retryAfter),
          "502": error("The code could not be texted"),
        },
      },
    },
    "/api/goals": {
      get: {
        summary: "Goals: all of them, or today's",
        tags: ["goals"],
        parameters: [
          userIdParameter,
          {
            name: "active",
            in: "query",
            required: false,
            description: "true: only the goals due on the user's local today",
            schema: { type: "string", enum: ["true", "false"] },
          },
        ],
        responses: {
          "200": answer("The goals", list("Goal")),
          ...refusals.userIdQuery,
          "400": error("userId is not a positive integer, or active is not true or false"),
          ...refusals.signedIn,
        },
      },
      post: {
        summary: "Create a goal (admins: for anyone named by userId)",
        tags: ["goals"],
        requestBody: body(NewGoalApiSchema),
        responses: {
          "201": answer("The new goal", ref("Goal")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "403": error("Another user's id for a caller who is not an admin, or a cross-site write"),
          "404": error("An admin named a user who does not exist"),
          "409": error("The goal cannot be added (too many goals)"),
        },
      },
    },
    "/api/goals/{id}": {
      patch: {
        summary: "Change a goal's wording and/or due instant",
        tags: ["goals"],
        parameters: [idParameter("goal")],
        requestBody: body(EditGoalApiSchema),
        responses: {
          "200": answer("The goal", ref("Goal")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "404": error("No such goal of the caller's"),
          "409": error("The goal's state forbids the change"),
        },
      },
      delete: {
        summary: "Delete a goal",
        tags: ["goals"],
        parameters: [idParameter("goal")],
        responses: {
          "204": { description: "Deleted" },
          ...refusals.write,
          ...refusals.signedIn,
          "404": error("No such goal of the caller's"),
        },
      },
    },
    "/api/goals/{id}/complete": {
      patch: {
        summary: "Mark a goal done",
        description:
          "The body may be empty; proofImageUrls must be the caller's own /media/{id} photos. Completing twice keeps the first completedAt.",
        tags: ["goals"],
        parameters: [idParameter("goal")],
        requestBody: body(CompleteGoalSchema, false),
        responses: {
          "200": answer("The goal, completed", ref("Goal")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "404": error("No such goal of the caller's"),
        },
      },
    },
    "/api/goals/{id}/skip": {
      patch: goalPatch("Skip a goal", "The owner will not do it today."),
    },
    "/api/goals/{id}/reopen": {
      patch: goalPatch("Reopen a goal", "Undo of done or skipped."),
    },
    "/api/goals/{id}/move": {
      patch: goalPatch("Move a goal to tomorrow", "The same local time tomorrow; 409 once done."),
    },
    "/api/habits": {
      get: {
        summary: "The caller's habits, active first",
        tags: ["habits"],
        responses: { "200": answer("The habits", list("Habit")), ...refusals.signedIn },
      },
      post: {
        summary: "Create a habit",
        description:
          "Names are compared with case, spacing, punctuation, emoji and an every-day word ('floss daily' is 'floss') aside. A name an active habit has is refused; a name a stopped habit has restarts that habit with this schedule, its history kept.",
        tags: ["habits"],
        requestBody: body(NewHabitSchema),
        responses: {
          "200": answer("A stopped habit of that name, restarted", ref("Habit")),
          "201": answer("The new habit", ref("Habit")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "409": error(
            "An active habit has that name (the message names it), or at most 20 active habits, 100 in all",
          ),
        },
      },
    },
    "/api/habits/{id}": {
      patch: {
        summary: "Change a habit (a new schedule applies from today)",
        tags: ["habits"],
        parameters: [idParameter("habit")],
        requestBody: body(EditHabitSchema),
        responses: {
          "200": answer("The habit", ref("Habit")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "404": error("No such habit of the caller's"),
          "409": error(
            "The change would pass the limits on habits, or give an active habit the name another active one has",
          ),
        },
      },
      delete: {
        summary: "Delete a habit (its goals stay as goals of their days)",
        tags: ["habits"],
        parameters: [idParameter("habit")],
        responses: {
          "204": { description: "Deleted" },
          ...refusals.write,
          ...refusals.signedIn,
          "404": error("No such habit of the caller's"),
        },
      },
    },
    "/api/habits/{id}/days/{day}": {
      put: {
        summary: "Set a day of a habit: done, skipped, a measured habit's value, a note",
        description:
          "Fields left out keep what the day had. A measured habit's value decides whether the day is done (its target met; for a weekly target, some of it done) unless done or skipped is given. The day is the owner's local day, from the habit's start to today.",
        tags: ["habits"],
        parameters: [
          idParameter("habit"),
          {
            name: "day",
            in: "path",
            required: true,
            description: "The local day, YYYY-MM-DD",
            schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
          },
        ],
        requestBody: body(HabitDayEntrySchema),
        responses: {
          "200": answer("The day as it now stands", ref("HabitDay")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          "404": error("No such habit of the caller's"),
          "409": error(
            "The day cannot be set (before the habit started, after it stopped, in the future, or a full day), or a value for a yes/no habit",
          ),
        },
      },
    },
    "/api/messages": {
      get: {
        summary: "The whole conversation, oldest first",
        tags: ["conversation"],
        parameters: [userIdParameter],
        responses: {
          "200": answer("Texts and web chat alike", list("Message")),
          ...refusals.userIdQuery,
          ...refusals.signedIn,
        },
      },
    },
    "/api/stats": {
      get: {
        summary: "The dashboard's numbers",
        tags: ["goals"],
        parameters: [userIdParameter],
        responses: {
          "200": answer("Streak, goals by outcome, completion rate", ref("GoalStats")),
          ...refusals.userIdQuery,
          ...refusals.signedIn,
        },
      },
    },
    "/api/chat": { post: chatOperation() },
    "/api/mock/reply-to-sms": { post: chatOperation(true) },
    "/api/send-now/morning": { post: sendNowOperation("morning") },
    "/api/send-now/evening": { post: sendNowOperation("evening") },
    "/api/mock/send-morning-sms": { post: sendNowOperation("morning", true) },
    "/api/mock/send-evening-sms": { post: sendNowOperation("evening", true) },
    "/api/blog-posts": {
      get: {
        summary: "Published posts, newest first (admins: drafts too)",
        tags: ["blog"],
        security: PUBLIC,
        parameters: [
          {
            name: "tag",
            in: "query",
            required: false,
            description: "Only posts with this tag (case and spacing ignored)",
            schema: { type: "string" },
          },
        ],
        responses: { "200": answer("The posts", list("PostSummary")) },
      },
      post: {
        summary: "Create a post (admins)",
        tags: ["blog"],
        requestBody: body(NewPostSchema),
        responses: {
          "201": answer("The new post", ref("PostDetail")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          ...refusals.admin,
          "409": error("The slug is taken"),
        },
      },
    },
    "/api/blog-posts/{id}": {
      get: {
        summary: "A post (a draft only for admins)",
        tags: ["blog"],
        security: PUBLIC,
        parameters: [idParameter("post")],
        responses: {
          "200": answer("The post", ref("PostDetail")),
          "404": error("No such post, or a draft for a caller who is not an admin"),
        },
      },
      patch: {
        summary: "Change a post (admins; the slug only unchanged)",
        tags: ["blog"],
        parameters: [idParameter("post")],
        requestBody: body(PostPatchSchema),
        responses: {
          "200": answer("The post", ref("PostDetail")),
          ...refusals.write,
          ...refusals.json,
          ...refusals.signedIn,
          ...refusals.admin,
          "404": error("No such post"),
          "409": error("The slug is taken"),
        },
      },
      delete: {
        summary: "Delete a post (admins)",
        tags: ["blog"],
        parameters: [idParameter("post")],
        responses: {
          "200": answer("Deleted", ref("Confirmation")),
          ...refusals.write,
          ...refusals.signedIn,
          ...refusals.admin,
          "404": error("No such post"),
        },
      },
    },
    "/api/blog-posts/{id}/publish": {
      post: publication("Publish a post (admins)"),
    },
    "/api/blog-posts/{id}/unpublish": {
      post: publication("Unpublish a post (admins)"),
    },
    "/api/blog-posts/slug/{slug}": {
      get: {
        summary: "A post by its slug (a draft only for admins)",
        tags: ["blog"],
        security: PUBLIC,
        parameters: [
          { name: "slug", in: "path", required: true, schema: { type: "string", minLength: 1 } },
        ],
        responses: {
          "200": answer("The post", ref("PostDetail")),
          "404": error("No such post, or a draft for a caller who is not an admin"),
        },
      },
    },
  };
}

function publication(summary: string): Operation {
  return {
    summary,
    tags: ["blog"],
    parameters: [idParameter("post")],
    responses: {
      "200": answer("The post, with a message", ref("PostPublication")),
      ...refusals.write,
      ...refusals.signedIn,
      ...refusals.admin,
      "404": error("No such post"),
    },
  };
}

/**
 * The calls a personal access token may make, and the scope each needs (the routes name the same
 * access to requireApiUser; openapi.test.ts holds the two equal). Every other call refuses tokens.
 */
export const TOKEN_ACCESS: Record<string, Record<string, "read" | "write">> = {
  "/api/user": { get: "read" },
  "/api/goals": { get: "read", post: "write" },
  "/api/goals/{id}": { patch: "write", delete: "write" },
  "/api/goals/{id}/complete": { patch: "write" },
  "/api/goals/{id}/skip": { patch: "write" },
  "/api/goals/{id}/reopen": { patch: "write" },
  "/api/goals/{id}/move": { patch: "write" },
  "/api/habits": { get: "read", post: "write" },
  "/api/habits/{id}": { patch: "write", delete: "write" },
  "/api/habits/{id}/days/{day}": { put: "write" },
  "/api/stats": { get: "read" },
  "/api/messages": { get: "read" },
};

const tokenRefusals = {
  "401": error("Not signed in, or a token that is unknown, expired or revoked"),
  "403": error(
    "A read-only token on a write, another user's data, or (for a session) a cross-site write",
  ),
  "429": error("Too many calls with this token (600 per 15 minutes)", retryAfter),
};

/** The paths with the calls a token may make marked so: either the cookie or a token with the scope. */
function withTokenAccess(all: ReturnType<typeof paths>) {
  return Object.fromEntries(
    Object.entries(all).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const scope = TOKEN_ACCESS[path]?.[method];
          if (!scope) return [method, operation];
          return [
            method,
            {
              ...operation,
              security: [{ sessionCookie: [] }, { bearerToken: [scope] }],
              responses: { ...operation.responses, ...tokenRefusals },
            },
          ];
        }),
      ),
    ]),
  );
}

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "StreakCoach API",
      version: "1",
      description:
        "JSON over the session cookie: sign in with POST /api/login (or sign up with POST /api/users) and send the cookie it sets. Scripts send a personal access token instead (Settings → API tokens) as `Authorization: Bearer sc_pat_…`: the calls marked bearerToken take one, with the scope named (read, or write for goals and habits); every other call refuses a token with 403, a token in the URL is refused with 400 and revoked, and an unknown, expired or revoked token is 401. A token acts as its owner only, never with an admin's reach. Writes that a browser page of another site makes (an Origin or Referer not of this site) are refused with 403; programs that send no Origin are not refused. Every refusal is JSON `{message}` (with `errors` by field for a 400). Generated from the zod schemas the routes validate with (app/api-docs/openapi.ts).",
    },
    servers: [{ url: "/" }],
    security: [{ sessionCookie: [] }],
    tags: ["accounts", "goals", "habits", "conversation", "blog", "admin", "meta"].map((name) => ({
      name,
    })),
    paths: withTokenAccess(paths()),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description:
            "The session cookie set by POST /api/login or POST /api/users (HttpOnly, SameSite=Lax, Secure in production); it holds only the session's id.",
        },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sc_pat_ followed by 43 characters (a personal access token)",
          description:
            "A personal access token made on Settings → API tokens, sent as `Authorization: Bearer <token>` (never in the URL). Its scopes: read (goals, habits, stats, messages, the user) and write (goals and habits). Rate limited per token; a Bearer call is never refused as cross-site.",
        },
      },
      schemas: Object.fromEntries(
        Object.entries(answers).map(([name, schema]) => [name, jsonSchema(schema, "output")]),
      ),
    },
  };
}
