import { useRouteLoaderData } from "@remix-run/react";
import type { SiteFacts } from "~/site/site-facts.server";
import type { Theme } from "~/utils/theme/theme.server";

export type RootData = {
  user: { id: number; email: string; roles: string[] } | null;
  theme: Theme;
  toast: {
    title: string;
    description?: string;
    type: "success" | "error" | "info";
    undoEntryId?: number;
  } | null;
  year: number;
  site: SiteFacts;
};

/** The root loader's data (user, theme, toast, site facts) from any component below it. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
