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
  llmFeedback: "Great work today! Your 3-day streak is growing.",
  proofImageUrls: ["/media/abcdefghijklmnop"],
  proofDescription: "Running shoes next to a water bottle.",
};

function render(goals: GoalRowData[]) {
  const Stub = createRemixStub([
    { path: "/dashboard", Component: () => <GoalList goals={goals} label="Today's goals" /> },
  ]);
  return renderToString(<Stub initialEntries={["/dashboard"]} />);
}

describe("GoalList", () => {
  it("shows the coach's feedback, what the proof photo shows and its thumbnail", () => {
    const html = render([done]);
    expect(html).toContain("Great work today! Your 3-day streak is growing.");
    expect(html).toMatch(/Photo: (<!-- -->)?Running shoes next to a water bottle\./);
    expect(html).toContain('href="/media/abcdefghijklmnop"');
    expect(html).toContain("<img");
  });

  it("shows neither when there is none", () => {
    const html = render([{ ...done, llmFeedback: null, proofDescription: null }]);
    expect(html).not.toContain("goal-feedback");
    expect(html).not.toContain("proof-description");
  });

  it("offers Done and Skip on an open goal, Undo on a done or skipped one, each a real form", () => {
    const open = render([{ ...done, status: "pending" }]);
    expect(open).toMatch(/<button[^>]*name="intent"[^>]*value="complete"/);
    expect(open).toMatch(/<button[^>]*name="intent"[^>]*value="skip"/);
    expect(open).not.toMatch(/value="reopen"/);
    expect(open).toMatch(/<form[^>]*method="post"[^>]*action="\/dashboard"/);
    for (const status of ["completed", "skipped"] as const) {
      const closed = render([{ ...done, status }]);
      expect(closed).toMatch(/<button[^>]*name="intent"[^>]*value="reopen"/);
      expect(closed).not.toMatch(/value="complete"/);
    }
  });

  it("anchors every row so a form post without JavaScript comes back to it", () => {
    expect(render([done])).toContain('id="goal-1"');
  });
});
