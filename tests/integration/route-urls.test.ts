import { readFileSync } from "node:fs";
import path from "node:path";
import { currentRouteManifest, routeUrlsOf } from "../helpers/route-urls";

// The route files moved into remix-flat-routes folders (docs/decisions/0018-route-folders.md). The
// fixture is the URL list the flat layout produced before the move; a rename that changes a URL, turns
// a page into an index route or nests it under another layout shows up here.
const fixture = path.resolve(import.meta.dirname, "fixtures", "route-urls.json");

describe("the route manifest", () => {
  it("serves exactly the URLs the flat route files served", () => {
    const expected = JSON.parse(readFileSync(fixture, "utf8")) as string[];
    expect(routeUrlsOf(currentRouteManifest())).toEqual(expected);
  }, 60_000);
});
