// The pages of Settings, in the order of the sub-navigation. Settings used to be one long page with
// sections reached by anchors (/settings#billing); `legacyAnchors` are those anchors (the old section
// and form ids, and the names people and old texts used), so /settings#anchor still finds its page.

export type SettingsSection = {
  to: string;
  label: string;
  legacyAnchors: readonly string[];
};

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { to: "/settings", label: "Profile & check-ins", legacyAnchors: [] },
  {
    to: "/settings/phone",
    label: "Phone",
    legacyAnchors: ["phone", "phone-send-code", "phone-verify-code", "verification-code"],
  },
  { to: "/settings/password", label: "Password", legacyAnchors: ["password", "change-password"] },
  { to: "/settings/billing", label: "Plan & billing", legacyAnchors: ["billing", "plan"] },
  { to: "/settings/partners", label: "Coaches & partners", legacyAnchors: ["partners", "coaches"] },
  { to: "/settings/share-links", label: "Share links", legacyAnchors: ["share-links", "sharing"] },
  { to: "/settings/api-tokens", label: "API tokens", legacyAnchors: [] },
  { to: "/settings/import", label: "Import & export", legacyAnchors: [] },
  { to: "/settings/webhooks", label: "Webhooks", legacyAnchors: [] },
  {
    to: "/settings/account",
    label: "Data & account",
    legacyAnchors: ["account", "data", "export", "delete", "delete-account"],
  },
];

/** The page an old /settings#anchor meant, or null for an anchor that is still on /settings. */
export function pageOfLegacyAnchor(hash: string): SettingsSection | null {
  let anchor = hash.replace(/^#/, "");
  try {
    anchor = decodeURIComponent(anchor);
  } catch {
    // A malformed escape is no anchor of ours.
  }
  return SETTINGS_SECTIONS.find((s) => s.legacyAnchors.includes(anchor)) ?? null;
}

/** Where each form intent of the old single Settings page is handled now. */
export const LEGACY_INTENT_PAGES: Readonly<Record<string, string>> = {
  // The index route shares /settings with the layout; ?index addresses it.
  settings: "/settings?index",
  "send-code": "/settings/phone",
  "verify-code": "/settings/phone",
  password: "/settings/password",
  delete: "/settings/account",
  "partner-add": "/settings/partners",
  "partner-remove": "/settings/partners",
  "share-create": "/settings/share-links",
  "share-revoke": "/settings/share-links",
};

/** Every legacy anchor and the path of its page, for the inline script of /settings. */
export const LEGACY_ANCHOR_TARGETS: Readonly<Record<string, string>> = Object.fromEntries(
  SETTINGS_SECTIONS.flatMap((s) => s.legacyAnchors.map((anchor) => [anchor, s.to])),
);
