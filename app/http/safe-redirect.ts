// The origin paths are resolved against: any fixed one does, since only the path is kept.
const APP_ORIGIN = "http://app.invalid";

// Browsers drop tabs and newlines from URLs and read a backslash as a slash, so "/\t/evil.example"
// or "/\\evil.example" would reach another site; such input is refused before it is parsed.
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** A path a browser resolves against our own origin, whatever origin that is. */
function staysOnOrigin(path: string) {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  try {
    return new URL(path, APP_ORIGIN).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Where to go after a form (login, theme, newsletter): the target resolved against the app's origin by
 * the URL parser, kept only when it stays there, and returned normalized, so what the browser gets is
 * what was checked. Dot segments are resolved first: "/.//evil.example" or "/%2e%2e//evil.example"
 * normalize to "//evil.example", another site, and are refused. Non-ASCII characters come back
 * percent-encoded, so a Location header can always carry the answer.
 */
export function safeRedirect(to: unknown, fallback = "/dashboard") {
  if (typeof to !== "string" || UNSAFE_CHARACTERS.test(to) || !staysOnOrigin(to)) return fallback;
  const url = new URL(to, APP_ORIGIN);
  const path = `${url.pathname}${url.search}${url.hash}`;
  return staysOnOrigin(path) ? path : fallback;
}
