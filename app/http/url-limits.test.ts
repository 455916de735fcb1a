import { routeManifest } from "../../tests/helpers/route-manifest";
import {
  MAX_MANIFEST_SEGMENTS,
  MAX_PATH_LENGTH,
  MAX_PATH_SEGMENTS,
  MAX_QUERY_PARAMETERS,
  URL_TOO_LONG_MESSAGE,
  urlRefusal,
} from "./url-limits";

const at = (pathAndQuery: string) => urlRefusal(new URL(pathAndQuery, "http://127.0.0.1"));

describe("urlRefusal", () => {
  it("refuses the long URLs of issue 28 before routing", () => {
    expect(at(`/${"a/".repeat(7_800)}`)).toBe(URL_TOO_LONG_MESSAGE);
    expect(at(`/__manifest?version=abc&p=/${"a/".repeat(3_700)}`)).toBe(URL_TOO_LONG_MESSAGE);
    const params = Array.from({ length: 1_500 }, (_, i) => `p${i}=1`).join("&");
    expect(at(`/dashboard?${params}`)).toBe(URL_TOO_LONG_MESSAGE);
  });

  it("refuses past each limit and takes what is at it", () => {
    const segments = (n: number) => `/${Array.from({ length: n }, () => "a").join("/")}`;
    expect(at(segments(MAX_PATH_SEGMENTS))).toBeNull();
    expect(at(segments(MAX_PATH_SEGMENTS + 1))).toBe(URL_TOO_LONG_MESSAGE);
    expect(at(`/${"a".repeat(MAX_PATH_LENGTH - 1)}`)).toBeNull();
    expect(at(`/${"a".repeat(MAX_PATH_LENGTH)}`)).toBe(URL_TOO_LONG_MESSAGE);
    const query = (n: number) => Array.from({ length: n }, (_, i) => `q${i}=1`).join("&");
    expect(at(`/habits?${query(MAX_QUERY_PARAMETERS)}`)).toBeNull();
    expect(at(`/habits?${query(MAX_QUERY_PARAMETERS + 1)}`)).toBe(URL_TOO_LONG_MESSAGE);
    expect(at(`/login?redirectTo=${"x".repeat(5_000)}`)).toBe(URL_TOO_LONG_MESSAGE);
    // Each habit's path has two segments: /habits/{id}.
    const manifest = (n: number) =>
      `/__manifest?version=abc&${Array.from({ length: n }, (_, i) => `p=/habits/${i}`).join("&")}`;
    expect(at(manifest(MAX_MANIFEST_SEGMENTS / 2))).toBeNull();
    expect(at(manifest(MAX_MANIFEST_SEGMENTS / 2 + 1))).toBe(URL_TOO_LONG_MESSAGE);
    const deep = `/${Array.from({ length: MAX_PATH_SEGMENTS }, (_, i) => i).join("/")}`;
    expect(at(`/__manifest?version=abc&${Array(30).fill(`p=${deep}`).join("&")}`)).toBe(
      URL_TOO_LONG_MESSAGE,
    );
  });

  it("lets through every route of the app with long real parameters", () => {
    const token = "A".repeat(43);
    const id = "a".repeat(36);
    for (const { pattern } of routeManifest()) {
      const url = pattern
        .replace(/:token/g, token)
        .replace(/:\w+/g, id)
        .replace(/\*$/, id);
      expect({ url, refusal: at(`${url}?redirectTo=${encodeURIComponent(`${url}?x=1`)}`) }).toEqual(
        {
          url,
          refusal: null,
        },
      );
    }
    expect(at(`/blog/${"slug-".repeat(51)}`)).toBeNull();
    expect(at(`/__manifest?version=abc&p=/share/${token}/summaries/monthly/2026-01-31`)).toBeNull();
  });
});
