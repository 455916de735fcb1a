import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { GoalList, type GoalRowData } from "./goal-list";

const done: GoalRowData = {
  id: 1,
  description: "Run 5k",
  dueLabel: "Nov 21, 2026, 7:00 PM",
  dueTime: "19:00",
  createdLabel: "Nov 21, 2026, 9:00 AM",
  status: "completed",
  proofImageUrls: ["/media/abcdefghijklmnop"],
  proofDescription: "Running shoes next to a water bottle.",
};

function render(goals: GoalRowData[], url = "/dashboard") {
  const Stub = createRemixStub([
    { path: "/dashboard", Component: () => <GoalList goals={goals} label="Today's goals" /> },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe("GoalList", () => {
  it("shows what the proof photo shows and its thumbnail, and no coach's note (it is the day's)", () => {
    const html = render([done]);
    expect(html).not.toContain("goal-feedback");
    expect(html).toMatch(/Photo: (<!-- -->)?Running shoes next to a water bottle\./);
    expect(html).toContain('href="/media/abcdefghijklmnop"');
    expect(html).toContain("<img");
  });

  it("shows the goal's day number as the day's texts do, and none for a goal without one", () => {
    expect(render([{ ...done, dayNumber: 3 }])).toMatch(/data-testid="goal-day-number"[^>]*>3\)</);
    expect(render([{ ...done, dayNumber: null }])).not.toContain("goal-day-number");
  });

  it("shows neither when there is none", () => {
    const html = render([{ ...done, proofDescription: null }]);
    expect(html).not.toContain("proof-description");
  });

  it("offers Done and Skip on an open goal, Undo on a done or skipped one, each a real form", () => {
    const open = render([{ ...done, status: "pending" }]);
    expect(open).toMatch(/<button[^>]*name="intent"[^>]*value="complete"/);
    expect(open).toMatch(/<button[^>]*name="intent"[^>]*value="skip"/);
    expect(open).not.toMatch(/value="reopen"/);
    expect(open).toMatch(/<form[^>]*method="post"[^>]*action="\/dashboard#goal-1"/);
    for (const status of ["completed", "skipped"] as const) {
      const closed = render([{ ...done, status }]);
      expect(closed).toMatch(/<button[^>]*name="intent"[^>]*value="reopen"/);
      expect(closed).not.toMatch(/value="complete"/);
    }
  });

  it("says Slipped for a habit to avoid's open day, and its state once the day has one", () => {
    const badge = (row: Partial<GoalRowData>) =>
      render([{ ...done, toAvoid: true, ...row }]).match(/rounded-full px-2\.5[^>]*>([^<]+)</)?.[1];
    expect(badge({ status: "pending" })).toBe("Slipped");
    expect(badge({ status: "overdue" })).toBe("Slipped");
    expect(badge({ status: "completed" })).toBe("Completed");
    expect(badge({ status: "missed" })).toBe("Missed");
    expect(badge({ status: "pending", toAvoid: false })).toBe("Pending");
  });

  it("anchors every row so a form post without JavaScript comes back to it", () => {
    expect(render([done])).toContain('id="goal-1"');
  });

  it("gives each row one form, its buttons naming their intent, and no editor markup while closed", () => {
    const goals = [1, 2, 3].map((id) => ({ ...done, id, status: "pending" as const }));
    const html = render(goals, "/dashboard?range=7d");
    expect(count(html, /<form/g)).toBe(3);
    expect(count(html, /<button/g)).toBe(6);
    expect(html).not.toContain('name="description"');
    expect(html).not.toMatch(/value="(edit|move|delete)"/);
    // The Edit link opens that goal's editor on the same page, range kept.
    expect(html).toMatch(
      /<a[^>]*aria-label="Edit: Run 5k"[^>]*href="\/dashboard\?range=7d&amp;edit=2#goal-2"/,
    );
  });

  it("renders the editor for the goal the URL names only, posting back to the same page", () => {
    const goals = [1, 2].map((id) => ({ ...done, id, status: "pending" as const }));
    const html = render(goals, "/dashboard?range=7d&edit=2");
    expect(count(html, /<form/g)).toBe(2);
    expect(count(html, /name="description"/g)).toBe(1);
    expect(html).toContain('id="goal-2-description"');
    expect(html).toMatch(/<form[^>]*action="\/dashboard\?range=7d&amp;edit=2#goal-2"/);
    for (const intent of ["edit", "move", "delete"])
      expect(html).toMatch(new RegExp(`<button[^>]*name="intent"[^>]*value="${intent}"`));
    // Save is the form's first button, so Enter in a field saves.
    expect(html.slice(html.indexOf('id="goal-2"'))).toMatch(/^[^]*?<button[^>]*value="edit"/);
    expect(html.indexOf('value="edit"')).toBeLessThan(html.lastIndexOf('value="move"'));
    expect(html).toMatch(/<a[^>]*href="\/dashboard\?range=7d#goal-2"[^>]*>Cancel<\/a>/);
    // The row with the editor open shows no Done or Skip of its own.
    expect(count(html, /value="complete"/g)).toBe(1);
  });
});
