import type { ShareLinkState } from "./share-rules";

const STATE_LABELS: Record<ShareLinkState, string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

/** The line under a share link in Settings: its state and what it shows, one '; ' between each. */
export function shareLinkDetails(link: {
  state: ShareLinkState;
  includePhotos: boolean;
  includeHabits: boolean;
  expiresLabel: string;
}) {
  return [
    STATE_LABELS[link.state],
    link.includePhotos ? "with photos" : "without photos",
    ...(link.includeHabits ? ["with habits"] : []),
    `expires: ${link.expiresLabel}`,
  ].join("; ");
}
