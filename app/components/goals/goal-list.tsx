import { Form } from "@remix-run/react";
import { GOAL_STATE_LABELS, type GoalState } from "~/goals/goal-rules";
import { cn } from "~/utils/cn";

export type GoalRowData = {
  id: number;
  description: string;
  dueLabel: string;
  createdLabel: string;
  status: GoalState;
  llmFeedback: string | null;
  proofImageUrls: string[];
  proofDescription: string | null;
};

const badge: Record<GoalState, string> = {
  completed: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  overdue: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  skipped: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  missed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

export const EMPTY_GOALS = "No goals found. Start creating new goals to track your progress!";

export function GoalList({ goals, label }: { goals: GoalRowData[]; label: string }) {
  if (goals.length === 0)
    return <p className="py-6 text-center text-muted-foreground">{EMPTY_GOALS}</p>;
  return (
    <ul className="divide-y" aria-label={label}>
      {goals.map((goal) => (
        <GoalRow key={goal.id} goal={goal} />
      ))}
    </ul>
  );
}

function GoalRow({ goal }: { goal: GoalRowData }) {
  return (
    <li className="flex items-start gap-3 py-4" data-testid="goal-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{goal.description}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Due by: {goal.dueLabel} · Created at: {goal.createdLabel}
        </p>
        {goal.proofImageUrls.length > 0 ? (
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            {goal.proofImageUrls.map((url, i) => (
              <a
                key={url}
                href={url}
                className="text-primary underline"
                target="_blank"
                rel="noreferrer"
              >
                Proof photo {i + 1}
              </a>
            ))}
          </p>
        ) : null}
        {goal.proofDescription ? (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="proof-description">
            Photo: {goal.proofDescription}
          </p>
        ) : null}
        {goal.llmFeedback ? (
          <p className="mt-2 text-sm italic" data-testid="goal-feedback">
            {goal.llmFeedback}
          </p>
        ) : null}
      </div>
      <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", badge[goal.status])}>
        {GOAL_STATE_LABELS[goal.status]}
      </span>
      {goal.status === "completed" ? (
        <svg
          aria-label="Completed"
          role="img"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          className="text-green-700 dark:text-green-400"
        >
          <path
            d="M5 13l4 4L19 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <GoalOptions goal={goal} />
      )}
    </li>
  );
}

function GoalOptions({ goal }: { goal: GoalRowData }) {
  return (
    <details className="relative">
      <summary
        className="flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded hover:bg-accent [&::-webkit-details-marker]:hidden"
        aria-label={`Options for ${goal.description}`}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-48 rounded-md border bg-card p-1 shadow-lg">
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value="complete" />
          <input type="hidden" name="goalId" value={goal.id} />
          <button
            type="submit"
            className="w-full rounded px-3 py-2 text-left text-sm hover:bg-accent"
          >
            Mark as completed
          </button>
        </Form>
      </div>
    </details>
  );
}
