/** A page's title and description (Remix replaces, not merges, the root's meta). */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | StreakCoach` }, { name: "description", content: description }];
}
