// A goal's editor is opened by a link (?edit=<id>), so it works without JavaScript and no closed
// editor is ever in the page: the server renders the fields for that one goal only.

const EDIT = "edit";

/** Panels a link or a redirect closes: the New Goal dialog and a goal's editor. */
export function withoutPanels(search: string | URLSearchParams) {
  const params = new URLSearchParams(search);
  params.delete("new-goal");
  params.delete(EDIT);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The same page (range and page kept) with this goal's editor open, or closed, at the goal. */
export function editorHref(pathname: string, search: string, goalId: number, open: boolean) {
  return editorHrefs(pathname, search)(goalId, open);
}

/** editorHref for every goal of a page: the page's own query is read once, not once per goal. */
export function editorHrefs(pathname: string, search: string) {
  const kept = withoutPanels(search);
  return (goalId: number, open: boolean) => {
    const query = open ? `${kept ? `${kept}&` : "?"}${EDIT}=${goalId}` : kept;
    return `${pathname}${query}#goal-${goalId}`;
  };
}

/** The goal whose editor the URL opens, if any. */
export function editedGoalId(search: string): number | null {
  const id = Number(new URLSearchParams(search).get(EDIT));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
