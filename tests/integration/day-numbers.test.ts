import { numberUnnumberedGoals } from "../../db/day-numbers";
import { journaled, snapshot, undoLastTextChange } from "~/goals/change-journal.server";
import { deleteGoal, editGoal, moveGoalToTomorrow } from "~/goals/goal-edits.server";
import { planGoals } from "~/goals/goal-plans.server";
import { createGoal, listAllGoals, listTodayGoals } from "~/goals/goals.server";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { createHabit } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { localDay, zonedInstant } from "~/utils/time/local-time";
import { createTestUser } from "../helpers/requests";

// One number per goal for its day (conventions v4): given when it is set, in the order given; a goal
// removed leaves a gap, one moved takes its new day's next number, undo brings the old one back.

// New York, EDT. 2026-06-17 is a Wednesday.
const NOON = new Date("2026-06-17T16:00:00Z");
const NY = "America/New_York";
const due = (day: string, time: string) => zonedInstant(day, time, NY);

async function owner() {
  const created = await createTestUser();
  return getUserById(created.id)!;
}

const numbered = (user: { id: number; timezone: string }, now = NOON) =>
  listTodayGoals(user, now).map((g) => [g.dayNumber, g.description]);

function setByText(user: { id: number; timezone: string }, goalId: number, change: () => unknown) {
  journaled(
    user,
    "text",
    () => snapshot("goals", [goalId]),
    change,
    () => ({ summary: "a change" }),
    NOON,
  );
}

describe("day numbers", () => {
  it("numbers a day's goals in the order they are set, whatever their due times", async () => {
    const user = await owner();
    createGoal(user.id, { description: "gym", dueDate: due("2026-06-17", "19:00") });
    createGoal(user.id, { description: "slides", dueDate: due("2026-06-17", "15:00") });
    createGoal(user.id, { description: "call mom", dueDate: due("2026-06-17", "09:00") });
    createGoal(user.id, { description: "tomorrow's", dueDate: due("2026-06-18", "09:00") });
    expect(numbered(user)).toEqual([
      [1, "gym"],
      [2, "slides"],
      [3, "call mom"],
    ]);
    expect(listAllGoals(user.id).find((g) => g.description === "tomorrow's")?.dayNumber).toBe(1);
  });

  it("leaves a gap where a goal was removed, and undo gives it its number back", async () => {
    const user = await owner();
    const [, slides] = ["gym", "slides", "call mom"].map((description) =>
      createGoal(user.id, { description, dueDate: due("2026-06-17", "19:00") }),
    );
    setByText(user, slides!.id, () => deleteGoal(user.id, slides!.id));
    createGoal(user.id, { description: "floss", dueDate: due("2026-06-17", "19:00") });
    expect(numbered(user)).toEqual([
      [1, "gym"],
      [3, "call mom"],
      [4, "floss"],
    ]);
    expect(undoLastTextChange(user, NOON)).toMatch(/a change/);
    expect(numbered(user)).toEqual([
      [1, "gym"],
      [2, "slides"],
      [3, "call mom"],
      [4, "floss"],
    ]);
  });

  it("gives a goal moved to another day that day's next number, and keeps it on a same-day edit", async () => {
    const user = await owner();
    createGoal(user.id, { description: "tomorrow's", dueDate: due("2026-06-18", "09:00") });
    const gym = createGoal(user.id, { description: "gym", dueDate: due("2026-06-17", "07:00") });
    const slides = createGoal(user.id, {
      description: "slides",
      dueDate: due("2026-06-17", "19:00"),
    });
    editGoal(user.id, slides.id, { dueDate: due("2026-06-17", "15:00") }, NOON);
    expect(numbered(user)).toEqual([
      [1, "gym"],
      [2, "slides"],
    ]);
    setByText(user, gym.id, () => moveGoalToTomorrow(user.id, gym.id, NY, NOON));
    const tomorrow = new Date(NOON.getTime() + 86_400_000);
    expect(numbered(user, tomorrow)).toEqual([
      [1, "tomorrow's"],
      [2, "gym"],
    ]);
    expect(numbered(user)).toEqual([[2, "slides"]]);
    undoLastTextChange(user, NOON);
    expect(numbered(user)).toEqual([
      [1, "gym"],
      [2, "slides"],
    ]);
  });

  it("numbers the day's habits first when they are made before the goals the user texts", async () => {
    const user = await owner();
    createHabit(
      user,
      { title: "meditate", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      NOON,
    );
    createHabitGoalsOfDay(user, NOON);
    planGoals(
      user,
      [
        { description: "slides", time: "15:00", weekday: null },
        { description: "call mom", time: null, weekday: null },
      ],
      NOON,
    );
    // Made again (another page load): no number is taken twice.
    createHabitGoalsOfDay(user, NOON);
    createGoal(user.id, { description: "floss", dueDate: due("2026-06-17", "21:00") });
    expect(numbered(user)).toEqual([
      [1, "meditate"],
      [2, "slides"],
      [3, "call mom"],
      [4, "floss"],
    ]);
  });

  it("plans a goal that names a weekday for that day, today when it is that day", async () => {
    const user = await owner();
    const planned = planGoals(
      user,
      [
        { description: "gym", time: null, weekday: null },
        { description: "dinner with jess on friday", time: null, weekday: 5 },
        { description: "laundry on wednesday", time: "18:00", weekday: 3 },
      ],
      NOON,
    );
    expect(planned.map((p) => [p.day, p.goal.dayNumber, localDay(p.goal.dueDate, NY)])).toEqual([
      ["2026-06-17", 1, "2026-06-17"],
      ["2026-06-19", 1, "2026-06-19"],
      ["2026-06-17", 2, "2026-06-17"],
    ]);
    expect(numbered(user)).toEqual([
      [1, "gym"],
      [2, "laundry on wednesday"],
    ]);
  });

  it("numbers goals written without one (before migration 0025) by due order per local day", async () => {
    const user = await owner();
    createGoal(user.id, { description: "numbered", dueDate: due("2026-06-17", "08:00") });
    const insert = sqlite.prepare(
      "insert into goals (user_id, description, due_date, created_at) values (?, ?, ?, ?)",
    );
    // 23:30 in New York is already the next day in UTC: numbered on its local day all the same.
    insert.run(user.id, "late", due("2026-06-17", "23:30").getTime(), NOON.getTime());
    insert.run(user.id, "early", due("2026-06-17", "06:00").getTime(), NOON.getTime());
    insert.run(user.id, "next day", due("2026-06-18", "06:00").getTime(), NOON.getTime());
    // Shown before they are written as they will be written: after the day's numbered goals, in due order.
    expect(numbered(user)).toEqual([
      [1, "numbered"],
      [2, "early"],
      [3, "late"],
    ]);
    expect(numberUnnumberedGoals(sqlite)).toBeGreaterThanOrEqual(3);
    expect(numbered(user)).toEqual([
      [1, "numbered"],
      [2, "early"],
      [3, "late"],
    ]);
    createGoal(user.id, { description: "after", dueDate: due("2026-06-17", "09:00") });
    expect(numbered(user).at(-1)).toEqual([4, "after"]);
    expect(listAllGoals(user.id).find((g) => g.description === "next day")?.dayNumber).toBe(1);
    expect(numberUnnumberedGoals(sqlite)).toBe(0);
  });
});
