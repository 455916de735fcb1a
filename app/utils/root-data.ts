import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

/** The root loader's data (user, theme, toast, site facts) from any component below it. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
