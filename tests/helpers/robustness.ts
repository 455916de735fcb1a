import fc from "fast-check";
import { sqlite } from "~/utils/db/db.server";
import { isAdmin } from "~/users/user-options";
import { getUserById, setAdminRole } from "~/users/users.server";
import { getUserId } from "~/http/session.server";
import { getToast } from "~/utils/toast/toast.server";
import { call, createTestUser, makeRequest, sessionCookie } from "./requests";

// Shared pieces of the property-based robustness suites (tests/integration/robustness-*.test.ts):
// hostile inputs, a whole-database snapshot, and the checks every answer must pass.

// ---------------------------------------------------------------------------------------------------
// Hostile input

const HUGE = 100_000;

/** Strings chosen to break things: control characters, markup, SQL, numbers in disguise, odd Unicode. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(64),
  "\u0007\u0008\u001b[31m\u007f",
  "\r\n\r\nSet-Cookie: x=1",
  "\t\n\v\f\r",
  "\u2028\u2029",
  "\ufeff",
  "\ud800",
  "\udfff\ud800",
  "😀👍🏽🇺🇸",
  "Z̷̢̛a̶l̴g̵o̷",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "<!--",
  "]]><![CDATA[",
  "javascript:alert(1)",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; DELETE FROM goals",
  "' UNION SELECT name FROM sqlite_master --",
  "%' --",
  "\\",
  "../../../../etc/passwd",
  "%00",
  "%ZZ%",
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "true",
  "false",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e308",
  "9007199254740993",
  "0x10",
  " 1 ",
  "123456",
  "+12015550100",
  "user@example.com",
  "a@b",
  "2024-02-30T25:61:00Z",
  "08:00",
  "America/New_York",
];

/** The same few huge strings over and over: generating a fresh 100k string per run only costs time. */
const HUGE_STRINGS = [
  "a".repeat(HUGE),
  "\u0000".repeat(HUGE),
  "<b>".repeat(HUGE / 3),
  "😀".repeat(HUGE / 2),
  "' OR 1=1 -- ".repeat(HUGE / 12),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** Any JSON value in the wrong place: wrong types, nesting, hostile strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    ),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * A JSON object body built from an endpoint's fields: each field absent, a valid value or a hostile
 * one, plus maybe some keys the endpoint does not know.
 */
export function hostileJsonObject(fields: Record<string, fc.Arbitrary<unknown>>) {
  const entries = Object.entries(fields).map(
    ([key, valid]) =>
      [
        key,
        fc.option(
          fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: hostileValue }),
          {
            nil: undefined,
          },
        ),
      ] as const,
  );
  return fc
    .tuple(
      fc.record(Object.fromEntries(entries)),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom("__proto__", "constructor", "roles", "id", "isAdmin"),
          fc.string(),
        ),
        hostileValue,
        { maxKeys: 2 },
      ),
    )
    .map(([known, extra]) => {
      const body: Record<string, unknown> = {};
      // Defined with defineProperty so "__proto__" is an own key and gets serialized.
      for (const [key, value] of [...Object.entries(extra), ...Object.entries(known)]) {
        if (value !== undefined) {
          Object.defineProperty(body, key, { value, enumerable: true, writable: true });
        }
      }
      return body;
    });
}

/**
 * A body that is valid but for (at most) one field, which is hostile or missing. Such bodies get past the first checks, so they reach the code that writes.
 */
export function nearlyValidJsonObject(fields: Record<string, fc.Arbitrary<unknown>>) {
  const names = Object.keys(fields);
  if (names.length === 0) return fc.constant({});
  return fc
    .tuple(
      fc.record(fields),
      fc.constantFrom(...names),
      fc.oneof(
        { weight: 3, arbitrary: hostileValue.map((value) => ({ value })) },
        { weight: 1, arbitrary: fc.constant("remove" as const) },
        { weight: 1, arbitrary: fc.constant("keep" as const) },
      ),
    )
    .map(([valid, name, change]) => {
      const body: Record<string, unknown> = { ...valid };
      if (change === "keep") return body;
      if (change === "remove") delete body[name];
      else body[name] = change.value;
      return body;
    });
}

/** A form as name/value pairs: known fields valid or hostile, repeated names, unknown names. */
export function hostileFormFields(fields: Record<string, fc.Arbitrary<string>>) {
  const known = Object.entries(fields).map(([name, valid]) =>
    fc.option(
      fc
        .array(fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: hostileString }), {
          minLength: 1,
          maxLength: 2,
        })
        .map((values) => values.map((value) => [name, value] as [string, string])),
      { nil: [] as [string, string][] },
    ),
  );
  const unknown = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom("__proto__", "intent", "roles"), fc.string()), hostileString),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...known), unknown)
    .map(([lists, extra]) => [...lists.flat(), ...extra] as [string, string][]);
}

/** A form that is valid but for (at most) one field, which is hostile or missing. */
export function nearlyValidFormFields(fields: Record<string, fc.Arbitrary<string>>) {
  return nearlyValidJsonObject(fields).map(
    (body) =>
      Object.entries(body).map(([name, value]) => [
        name,
        typeof value === "string" ? value : JSON.stringify(value),
      ]) as [string, string][],
  );
}

export type RawBody = {
  body?: BodyInit;
  contentType?: string;
  label: string;
  [fc.toStringMethod]?: () => string;
};

const MALFORMED_JSON = [
  "{",
  '{"a":',
  '{"a":1}}',
  "{'a': 1}",
  "[]",
  "[1,2,3]",
  "null",
  "1",
  '"just a string"',
  "true",
  "\u0000",
  "\ufeff{}",
  "{}garbage",
  '{"a":"\u0000"}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  "[".repeat(5000) + "]".repeat(5000),
  '{"a":'.repeat(3000),
  "  ",
  "%7B%7D",
  "email=a%40b.c&password=x",
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
];

const CONTENT_TYPES = [
  undefined,
  "",
  "application/json",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/jsonp",
  "text/json",
  "text/plain",
  "text/html",
  "application/xml",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=latin1",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "multipart/form-data; boundary=",
  "application/octet-stream",
  "image/png",
  "*/*",
  "garbage;;;==",
];

const INVALID_UTF8 = new Uint8Array([0xff, 0xfe, 0xfd, 0x00, 0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0]);

/** A body that is not what the endpoint expects, under any (or no) content type. */
export const malformedBody: fc.Arbitrary<RawBody> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
      { weight: 2, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.constant<string | Blob | null>(new Blob([INVALID_UTF8])) },
      { weight: 1, arbitrary: fc.constant<string | Blob | null>(null) },
      {
        weight: 1,
        // Over the 64 KiB JSON limit, but valid JSON.
        arbitrary: fc.constant(JSON.stringify({ description: "x".repeat(70_000) })),
      },
    ),
    fc.constantFrom(...CONTENT_TYPES),
  )
  .map(([body, contentType]): RawBody => {
    const label = `${contentType ?? "(no type)"}: ${
      body === null ? "(no body)" : typeof body === "string" ? short(body) : "(invalid UTF-8 bytes)"
    }`;
    // Counterexamples print the label, not a 100k-character body.
    return { body: body ?? undefined, contentType, label, [fc.toStringMethod]: () => label };
  });

/** Extra request headers callers might send: none, a fake client address, an absurd length. */
export const hostileHeaders = fc.constantFrom<Record<string, string>>(
  {},
  { "X-Forwarded-For": "' OR 1=1 --, 10.0.0.1" },
  { "Content-Length": "999999999999" },
  { "Content-Length": "-5" },
  { "User-Agent": "<script>".repeat(500) },
);

/** A Cookie header that is not a session of ours: garbage, forged, or a well-formed unknown id. */
export const bogusCookie = fc.constantFrom(
  "__session=garbage",
  "__session=",
  "__session=eyJ1c2VySWQiOjF9.forged",
  "__session=%00%00",
  "__session=" + "A".repeat(4000),
  "__session=1; __session=2",
  "x=1; y",
);

/** Generated text can be a huge string; failure reports stay readable. */
export function short(value: unknown) {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 80)}…(${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------------
// Callers

export type Identity = "anonymous" | "user" | "admin" | "bogus";

/** Signed in more often than not: most of the code worth probing is behind the session check. */
export const identity = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<Identity>("anonymous", "bogus") },
  { weight: 3, arbitrary: fc.constantFrom<Identity>("user", "admin") },
);

/**
 * A signed-in user and an admin that stay what they are across runs: a run that deleted the account,
 * changed its role or ended its session (logout, login, password change) is followed by a new account,
 * the role back, or a new session. The cookie is reused while it lasts, so the sessions table does not
 * grow with every run (and every snapshot with it).
 */
export function callers() {
  const ids: Partial<Record<"user" | "admin", number>> = {};
  const cookies = new Map<number, string>();
  async function account(role: "user" | "admin") {
    let user = ids[role] === undefined ? undefined : getUserById(ids[role]);
    if (!user) {
      const created = await createTestUser({ admin: role === "admin" });
      ids[role] = created.id;
      user = getUserById(created.id)!;
    }
    if (role === "admin" && !isAdmin(user)) setAdminRole(user.id, true, user.id);
    if (role === "user" && isAdmin(user)) {
      // Demoted by the admin (an admin may not drop their own role while the only admin).
      const admin = await account("admin");
      setAdminRole(user.id, false, admin.id);
    }
    return getUserById(user.id)!;
  }
  async function cookie(who: Identity, bogus: string) {
    if (who === "anonymous") return undefined;
    if (who === "bogus") return bogus;
    const { id } = await account(who);
    const cached = cookies.get(id);
    if (cached && (await getUserId(makeRequest("/", { cookie: cached }))) === id) return cached;
    const fresh = await sessionCookie(id);
    cookies.set(id, fresh);
    return fresh;
  }
  return { account, cookie };
}

// ---------------------------------------------------------------------------------------------------
// Requests

export function rawRequest(
  pathname: string,
  method: string,
  raw: RawBody,
  options: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (raw.contentType !== undefined) headers["Content-Type"] = raw.contentType;
  return makeRequest(pathname, {
    method,
    cookie: options.cookie,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : raw.body,
  });
}

export function jsonRequest(pathname: string, method: string, json: unknown, cookie?: string) {
  return makeRequest(pathname, { method, json, cookie });
}

export function formRequest(
  pathname: string,
  fields: [string, string][],
  options: { cookie?: string; multipart?: boolean; headers?: Record<string, string> } = {},
) {
  if (options.multipart) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return makeRequest(pathname, {
      method: "POST",
      cookie: options.cookie,
      headers: options.headers,
      body: form,
    });
  }
  const body = new URLSearchParams();
  for (const [name, value] of fields) body.append(name, value);
  return makeRequest(pathname, {
    method: "POST",
    cookie: options.cookie,
    headers: { ...options.headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

// ---------------------------------------------------------------------------------------------------
// The database

/**
 * Every table of the app, each as its rows in a fixed order. `sqlite_*` tables are SQLite's own
 * bookkeeping (sqlite_sequence moves only with an insert, which the rows show anyway). No table of
 * ours is left out: rate limits live in memory (rate-limit.server.ts), toasts in a cookie
 * (toast.server.ts), and a rejected request must not even create or touch a session row.
 */
export function snapshotDatabase(): Record<string, unknown[]> {
  const tables = sqlite
    .prepare<[], { name: string; wr: number }>(
      "SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  // A WITHOUT ROWID table (the goal slot counts) has no rowid: it is read in its primary key's order.
  return Object.fromEntries(
    tables.map(({ name, wr }) => [
      name,
      sqlite
        .prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"${wr ? "" : " ORDER BY rowid"}`)
        .all(),
    ]),
  );
}

/** A snapshot without the named columns, for the rare rejection that is meant to write (see callers). */
export function withoutColumns(
  snapshot: Record<string, unknown[]>,
  drop: Record<string, string[]>,
): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => [
      table,
      drop[table]
        ? rows.map((row) =>
            Object.fromEntries(
              Object.entries(row as Record<string, unknown>).filter(
                ([column]) => !drop[table]!.includes(column),
              ),
            ),
          )
        : rows,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------
// Checking answers

const LEAKS = [
  /\bat Object\./,
  /\n\s+at [^\n]*\(?[^\s()]+:\d+:\d+\)?/, // a stack frame
  /SQLITE/,
  /SqliteError/,
  /better-sqlite3/,
  /node_modules/,
];

export type Answer = {
  status: number;
  text: string;
  /** The parsed body when it is JSON. */
  json: unknown;
  /** The flash toast a redirect sets, if any. */
  toast: { title: string; description?: string; type: string } | null;
  response: Response;
};

/** Collects the strings found under message-like keys anywhere in a JSON answer. */
function messagesIn(value: unknown, underMessageKey = false): string[] {
  if (typeof value === "string") return underMessageKey && value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => messagesIn(item, underMessageKey));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      messagesIn(
        item,
        underMessageKey || /^(message|errors?|formErrors|failure|description|title)$/.test(key),
      ),
    );
  }
  return [];
}

/**
 * Calls a handler and checks what every answer must satisfy: a Response (returned or thrown, never
 * another error: Remix would turn that into a 500), no 5xx, and no stack trace or database error text
 * in the body.
 */
export async function answer(
  handler: Parameters<typeof call>[0],
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  const response = await call(handler, request, params);
  const text = await response.text();
  expect(response.status, `${request.method} ${request.url}: ${short(text)}`).toBeLessThan(500);
  for (const leak of LEAKS) expect(text).not.toMatch(leak);
  let json: unknown = null;
  if (/json/i.test(response.headers.get("Content-Type") ?? "")) json = JSON.parse(text);
  let toast: Answer["toast"] = null;
  const setCookies = response.headers.getSetCookie();
  if (setCookies.some((c) => c.startsWith("__toast="))) {
    const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
    toast = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } })).then(
      (t) => t.toast as Answer["toast"],
    );
  }
  return { status: response.status, text, json, toast, response };
}

/** A rejection: a 4xx, or a redirect that only carries an error toast. */
export function isRejection(a: Answer) {
  return (a.status >= 400 && a.status < 500) || a.toast?.type === "error";
}

/** A /api rejection (docs/api.md): JSON with a non-empty message, field errors optional. */
export function expectApiRejectionMessage(a: Answer) {
  expect(a.json, `expected a JSON body, got ${short(a.text)}`).toEqual(
    expect.objectContaining({ message: expect.stringMatching(/\S/) }),
  );
  const { errors } = a.json as { errors?: unknown };
  if (errors !== undefined) {
    expect(messagesIn({ errors }).length).toBeGreaterThan(0);
  }
}

/**
 * A form action's rejection says why: field or form errors (conform's reply) or a message in JSON,
 * plain text with words in it, or an error toast with a title.
 */
export function expectFormRejectionMessage(a: Answer) {
  if (a.toast) {
    expect(a.toast.title).toMatch(/\S/);
    return;
  }
  expect(a.text, "a rejection must not have an empty body").toMatch(/[A-Za-z]{3}/);
  if (a.json !== null) {
    expect(messagesIn(a.json).length, `no message in ${short(a.text)}`).toBeGreaterThan(0);
  }
}

/** Runs one request and checks it; on a rejection the database must be as it was. */
export async function expectSafe(
  kind: "api" | "form" | "webhook",
  run: () => Promise<Answer>,
  options: { allowOnRejection?: Record<string, string[]>; neverWrites?: boolean } = {},
): Promise<Answer> {
  const before = snapshotDatabase();
  const a = await run();
  if (options.neverWrites) {
    expect(snapshotDatabase(), `a read changed the database (${a.status})`).toEqual(before);
  }
  if (isRejection(a)) {
    const after = snapshotDatabase();
    const drop = options.allowOnRejection ?? {};
    expect(withoutColumns(after, drop), `database changed on a ${a.status} answer`).toEqual(
      withoutColumns(before, drop),
    );
    if (kind === "api") expectApiRejectionMessage(a);
    else if (kind === "form") expectFormRejectionMessage(a);
    else expect(a.text, "a webhook rejection must say why").toMatch(/[A-Za-z]{3}/);
  }
  return a;
}

export { fc };
