// How long a URL may be before Remix sees it. Lazy route discovery matches every prefix of a path (and
// of each path a /__manifest query names), so the cost of one request grows with the square of its
// length: a 15 KB path held the event loop for seconds. The limits sit far above any URL of this app:
// its deepest route is /share/{token}/summaries/{period}/{date} (5 segments, under 100 characters),
// a slug is at most 255 characters, and no page reads more than a dozen query parameters.
// Pure: the request guard refuses what `urlRefusal` names.

export const MAX_PATH_LENGTH = 1_024;
export const MAX_PATH_SEGMENTS = 16;
export const MAX_QUERY_LENGTH = 4_096;
export const MAX_QUERY_PARAMETERS = 64;
/** Remix's own limit for a manifest request's whole URL (its client never sends more). */
export const MAX_MANIFEST_URL_LENGTH = 7_680;
/**
 * Segments over all the paths one /__manifest request asks about (Remix matches each prefix of each):
 * its client asks for the links of one page, at most 100 habits' and the menus' (about 230).
 */
export const MAX_MANIFEST_SEGMENTS = 256;

export const MANIFEST_PATH = "/__manifest";
export const URL_TOO_LONG_MESSAGE = "This address is too long for any page of StreakCoach.";

/** Why a URL is refused before routing, or null when it is within the limits. */
export function urlRefusal(url: URL): string | null {
  if (!isWithinPathLimits(url.pathname)) return URL_TOO_LONG_MESSAGE;
  const query = url.search.slice(1);
  if (url.pathname === MANIFEST_PATH) return manifestRefusal(url, query);
  if (query.length > MAX_QUERY_LENGTH || parameterCount(query) > MAX_QUERY_PARAMETERS)
    return URL_TOO_LONG_MESSAGE;
  return null;
}

function manifestRefusal(url: URL, query: string): string | null {
  if (url.href.length > MAX_MANIFEST_URL_LENGTH) return URL_TOO_LONG_MESSAGE;
  if (parameterCount(query) > MAX_MANIFEST_SEGMENTS + 8) return URL_TOO_LONG_MESSAGE;
  const paths = url.searchParams.getAll("p");
  if (!paths.every(isWithinPathLimits)) return URL_TOO_LONG_MESSAGE;
  const segments = paths.reduce((sum, path) => sum + segmentCount(path), 0);
  return segments > MAX_MANIFEST_SEGMENTS ? URL_TOO_LONG_MESSAGE : null;
}

function isWithinPathLimits(path: string) {
  return path.length <= MAX_PATH_LENGTH && segmentCount(path) <= MAX_PATH_SEGMENTS;
}

/** Segments of a path of at most MAX_PATH_LENGTH characters ("/a/b" has 2; "a/b" too). */
function segmentCount(path: string) {
  let segments = path.startsWith("/") ? 0 : 1;
  for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1)) segments++;
  return segments;
}

function parameterCount(query: string) {
  if (query === "") return 0;
  let count = 1;
  for (let at = query.indexOf("&"); at >= 0; at = query.indexOf("&", at + 1)) count++;
  return count;
}
