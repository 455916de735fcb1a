import { renderToStaticMarkup } from "react-dom/server";
import { GoalList, type GoalRowData } from "./goal-list";

const done: GoalRowData = {
  id: 1,
  description: "Run 5k",
  dueLabel: "Nov 21, 2026, 7:00 PM",
  createdLabel: "Nov 21, 2026, 9:00 AM",
  status: "completed",
  llmFeedback: "Great work today! Your 3-day streak is growing.",
  proofImageUrls: ["/media/abcdefghijklmnop"],
  proofDescription: "Running shoes next to a water bottle.",
};

describe("GoalList", () => {
  it("shows the coach's feedback and what the proof photo shows", () => {
    const html = renderToStaticMarkup(<GoalList goals={[done]} label="Today's goals" />);
    expect(html).toContain("Great work today! Your 3-day streak is growing.");
    expect(html).toContain("Photo: Running shoes next to a water bottle.");
    expect(html).toContain('href="/media/abcdefghijklmnop"');
  });

  it("shows neither when there is none", () => {
    const html = renderToStaticMarkup(
      <GoalList goals={[{ ...done, llmFeedback: null, proofDescription: null }]} label="Goals" />,
    );
    expect(html).not.toContain("goal-feedback");
    expect(html).not.toContain("proof-description");
  });
});
