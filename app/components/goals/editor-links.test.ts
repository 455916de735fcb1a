import { editedGoalId, editorHref, withoutPanels } from "./editor-links";

describe("editor links", () => {
  it("open one goal's editor at the goal, keeping the range and page", () => {
    expect(editorHref("/dashboard", "?range=7d&page=2", 5, true)).toBe(
      "/dashboard?range=7d&page=2&edit=5#goal-5",
    );
    expect(editorHref("/dashboard", "", 5, true)).toBe("/dashboard?edit=5#goal-5");
  });

  it("close it back to the same page, and opening another closes the first", () => {
    expect(editorHref("/dashboard", "?range=7d&edit=5", 5, false)).toBe(
      "/dashboard?range=7d#goal-5",
    );
    expect(editorHref("/dashboard", "?edit=5", 5, false)).toBe("/dashboard#goal-5");
    expect(editorHref("/dashboard", "?edit=5&new-goal", 6, true)).toBe("/dashboard?edit=6#goal-6");
  });

  it("read the open editor's goal from the URL, and nothing from a malformed one", () => {
    expect(editedGoalId("?range=all&edit=12")).toBe(12);
    for (const search of ["", "?edit=", "?edit=abc", "?edit=-3", "?edit=1.5", "?edit=1e400"])
      expect(editedGoalId(search)).toBeNull();
  });

  it("drop the open panels from a page to come back to", () => {
    expect(withoutPanels("?range=30d&new-goal&edit=3&page=2")).toBe("?range=30d&page=2");
    expect(withoutPanels(new URLSearchParams("edit=3"))).toBe("");
  });
});
