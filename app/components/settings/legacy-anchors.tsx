import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useNonce } from "~/utils/page/nonce-provider";
import { LEGACY_ANCHOR_TARGETS, pageOfLegacyAnchor, SETTINGS_SECTIONS } from "./sections";

// Settings was one page with sections at /settings#billing, #partners, #share-links and so on; they
// are pages of their own now. A bookmark or an old text still lands on /settings#anchor, which the
// server never sees. With JavaScript, the inline script below replaces the location with the page
// before anything else runs. Without it, the browser scrolls to the element with that id: a notice,
// shown only while it is the target (CSS :target), that links to the page.

const REDIRECT_SCRIPT = `(function(){var m=${JSON.stringify(LEGACY_ANCHOR_TARGETS)},a=location.hash.slice(1);if(Object.prototype.hasOwnProperty.call(m,a))location.replace(m[a])})();`;

export function LegacyAnchors() {
  const nonce = useNonce();
  const location = useLocation();
  const navigate = useNavigate();
  // An in-app navigation to /settings#anchor runs no inline script; the router moves on instead.
  useEffect(() => {
    const page = pageOfLegacyAnchor(location.hash);
    if (page) navigate(page.to, { replace: true });
  }, [location.hash, navigate]);
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: REDIRECT_SCRIPT }}
      />
      {SETTINGS_SECTIONS.flatMap((section) =>
        section.legacyAnchors.map((anchor) => (
          <p
            key={anchor}
            id={anchor}
            data-testid="moved-section"
            className="hidden scroll-mt-4 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm target:block"
          >
            {section.label} moved to a page of its own:{" "}
            <Link to={section.to} className="font-medium text-primary underline underline-offset-4">
              Open {section.label}
            </Link>
          </p>
        )),
      )}
    </>
  );
}
