import fc from "fast-check";
import { safeRedirect } from "./safe-redirect";

const SITE = "https://streakcoach.example";

/** Where a browser on our site goes when it follows `Location: location`. */
const followed = (location: string) => new URL(location, `${SITE}/login`);

describe("safeRedirect", () => {
  it.each([
    ["/.//evil.example/login", "/dashboard"],
    ["/x/..//evil.example/login", "/dashboard"],
    ["/%2e%2e//evil.example/login", "/dashboard"],
    ["/%2E%2e//evil.example", "/dashboard"],
    ["/./\\evil.example", "/dashboard"],
    ["/.%2f/evil.example", "/.%2f/evil.example"],
    ["/a/../settings", "/settings"],
    ["/./messages?tab=all", "/messages?tab=all"],
  ])("resolves %j against the app's origin to %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
    expect(followed(safeRedirect(to)).origin).toBe(SITE);
  });

  // Pieces an attacker combines: dot segments plain and encoded, slashes and backslashes, a host,
  // control characters browsers strip, and what separates a host from a path.
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E%2e",
    "%2f",
    "%5c",
    "\t",
    "\n",
    " ",
    "evil.example",
    "@",
    ":",
    "?",
    "#",
    "http:",
    "javascript:",
    "x",
  );
  const target = fc.oneof(
    fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
    fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join("")}`),
    fc.string(),
  );

  it("never answers a path that leaves the origin, whatever it is given", () => {
    fc.assert(
      fc.property(target, (to) => {
        const path = safeRedirect(to, "/");
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        expect(path.startsWith("/\\")).toBe(false);
        expect(followed(path).origin).toBe(SITE);
        // Normalized: checking the answer again keeps it as it is.
        expect(safeRedirect(path, "/")).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });
});
