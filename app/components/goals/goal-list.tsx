import { Link, useActionData, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { EMPTY_GOALS, GOAL_STATE_LABELS, isOpen, type GoalState } from "~/goals/goal-rules";
import { cn } from "~/utils/page/cn";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { buttonClass } from "../ui/button";
import { Input } from "../ui/input";
import { RED_BADGE, STATE_BADGE } from "../../goals/outcome-colours";
import { editedGoalId, editorHrefs } from "./editor-links";
import { ProofThumbnails } from "./proof-thumbnails";

export type GoalRowData = {
  id: number;
  description: string;
  dueLabel: string;
  /** HH:MM in the user's zone, for the edit panel. */
  dueTime: string;
  createdLabel: string;
  status: GoalState;
  proofImageUrls: string[];
  proofDescription: string | null;
  /** Set when the goal is the day's instance of a habit. */
  habitId?: number | null;
  /** Its number on its day, as every text of that day shows it. */
  dayNumber?: number | null;
  /** A habit to avoid's day: made done when the day begins, it is open only after a slip. */
  toAvoid?: boolean;
};

export { EMPTY_GOALS };

export function GoalList({
  goals,
  label,
  empty = EMPTY_GOALS,
}: {
  goals: GoalRowData[];
  label: string;
  empty?: string;
}) {
  const page = useListPage();
  if (goals.length === 0) return <p className="py-6 text-center text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y" aria-label={label}>
      {goals.map((goal) => (
        <GoalRow key={goal.id} goal={goal} page={page} />
      ))}
    </ul>
  );
}

/**
 * What every row of a list needs from the page, worked out once for the list: a dashboard has dozens
 * of rows, and the router's hooks and components resolve paths anew in each one.
 */
type ListPage = {
  action: string;
  hydrated: boolean;
  pageData: unknown;
  editedId: number | null;
  editorHref: (goalId: number, open: boolean) => string;
  followLink: (event: React.MouseEvent<HTMLAnchorElement>) => void;
};

function useListPage(): ListPage {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const pageData = useActionData();
  const followLink = useFollowLink();
  return useMemo(
    () => ({
      action: `${pathname}${search}`,
      hydrated,
      pageData,
      editedId: editedGoalId(search),
      editorHref: editorHrefs(pathname, search),
      followLink,
    }),
    [pathname, search, hydrated, pageData, followLink],
  );
}

/** A plain link's click handled by the router, as a <Link>'s is; modified clicks stay the browser's. */
function useFollowLink() {
  const navigate = useNavigate();
  return useCallback(
    (event: React.MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      navigate(event.currentTarget.getAttribute("href")!);
    },
    [navigate],
  );
}

type EditErrors = {
  intent: "edit";
  goalId: number;
  fieldErrors: Record<string, string[]>;
  values?: { description: string; dueTime: string };
};

function isEditErrors(data: unknown, goalId: number): data is EditErrors {
  const d = data as Partial<EditErrors> | undefined;
  return d?.intent === "edit" && d.goalId === goalId && Boolean(d.fieldErrors);
}

function isSaved(data: unknown, goalId: number) {
  const d = data as { intent?: unknown; goalId?: unknown; ok?: unknown } | undefined;
  return d?.intent === "edit" && d.goalId === goalId && d.ok === true;
}

/** What the row shows while its form is on the way: the answer the server is about to give. */
function optimisticState(intent: FormDataEntryValue | null | undefined, status: GoalState) {
  if (intent === "complete") return "completed";
  if (intent === "skip") return "skipped";
  if (intent === "reopen") return "pending";
  return status;
}

const SMALL_BUTTON = buttonClass("outline", "sm");
const INTENT_BUTTON = cn(buttonClass("default", "sm"), "min-w-16");
const SMALL_INTENT_BUTTON = cn(SMALL_BUTTON, "min-w-16");
const EDIT_LINK = buttonClass("ghost", "sm");

/**
 * One form per row: each button names its intent. The editor is opened by a link, so without
 * JavaScript the server renders it for that goal alone; with JavaScript the same link opens it in place.
 * The row's links are plain anchors (the page's hrefs, the router following a click) and its form a
 * plain form submitted through the row's fetcher, as fetcher.Form would: no path resolved per row.
 */
function GoalRow({ goal, page }: { goal: GoalRowData; page: ListPage }) {
  const fetcher = useFetcher();
  const { hydrated, pageData } = page;
  const [editing, setEditing] = useState<boolean | null>(null);
  const editLink = useRef<HTMLAnchorElement>(null);
  const saved = isSaved(fetcher.data, goal.id);
  useEffect(() => {
    if (saved) setEditing(false);
  }, [saved, fetcher.data]);
  // Closed in place, the editor hands the focus back to the link that opened it.
  useEffect(() => {
    if (editing === false) editLink.current?.focus();
  }, [editing]);
  const sending = fetcher.formData?.get("intent");
  if (sending === "delete" || sending === "move") return null;
  const status = optimisticState(sending, goal.status);
  const pageErrors = isEditErrors(pageData, goal.id) ? pageData.fieldErrors : null;
  const typed = isEditErrors(pageData, goal.id) ? pageData.values : undefined;
  const errors = isEditErrors(fetcher.data, goal.id) ? fetcher.data.fieldErrors : pageErrors;
  const open = editing ?? (page.editedId === goal.id || pageErrors !== null);
  const toggle = (next: boolean) => (event: React.MouseEvent) => {
    event.preventDefault();
    setEditing(next);
  };
  return (
    <li id={`goal-${goal.id}`} className="scroll-mt-24 py-4" data-testid="goal-row">
      <div className="flex items-start gap-3">
        {goal.dayNumber ? (
          <span
            className="min-w-6 shrink-0 font-semibold tabular-nums text-muted-foreground"
            title={`Goal ${goal.dayNumber} of its day, as your texts number it`}
            data-testid="goal-day-number"
          >
            {`${goal.dayNumber})`}
          </span>
        ) : null}
        <p
          className={cn(
            "user-text min-w-0 flex-1 font-medium",
            status === "completed" && "text-muted-foreground line-through",
          )}
        >
          {goal.description}
          {goal.habitId ? (
            <a
              onClick={page.followLink}
              className="ml-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 align-middle text-xs font-semibold text-sky-900 no-underline hover:underline dark:bg-sky-900/40 dark:text-sky-100"
              aria-label={`Habit: ${goal.description}. See its history`}
              href={`/habits/${goal.habitId}`}
            >
              Habit
            </a>
          ) : null}
        </p>
        <StateBadge status={status} toAvoid={goal.toAvoid} />
      </div>
      {/* Under the badge too, the full width of a phone: it wraps, if at all, between its two parts. */}
      <p className="mt-1 text-sm text-muted-foreground">
        <span className="whitespace-nowrap">{`Due by ${goal.dueLabel} ·`}</span>{" "}
        <span className="whitespace-nowrap">{`Created at ${goal.createdLabel}`}</span>
      </p>
      {goal.proofImageUrls.length > 0 ? (
        <div className="mt-2">
          <ProofThumbnails photos={goal.proofImageUrls} goal={goal.description} />
        </div>
      ) : null}
      {goal.proofDescription ? (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="proof-description">
          Photo: {goal.proofDescription}
        </p>
      ) : null}
      {/* Without JavaScript the page that comes back (with an error, say) opens at this goal. */}
      <form
        method="post"
        action={hydrated ? page.action : `${page.action}#goal-${goal.id}`}
        className="mt-3"
        onSubmit={submitVia(fetcher)}
      >
        <input type="hidden" name="goalId" value={goal.id} />
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        {open ? (
          <Editor
            goal={goal}
            errors={errors}
            typed={typed}
            closeHref={page.editorHref(goal.id, false)}
            onClose={toggle(false)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            {isOpen(status) || status === "missed" ? (
              <>
                <Intent value="complete" label="Done" goal={goal} primary />
                <Intent value="skip" label="Skip" goal={goal} />
              </>
            ) : (
              <Intent value="reopen" label="Undo" goal={goal} />
            )}
            <a
              ref={editLink}
              onClick={toggle(true)}
              className={EDIT_LINK}
              aria-label={`Edit: ${goal.description}`}
              href={page.editorHref(goal.id, true)}
            >
              Edit
            </a>
          </div>
        )}
      </form>
    </li>
  );
}

/** The row's state; a slip is said in the user's own word until its day ends and it is missed. */
function StateBadge({ status, toAvoid }: { status: GoalState; toAvoid?: boolean }) {
  const shownSlipped = toAvoid && isOpen(status);
  return (
    <span
      className={cn(
        "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        shownSlipped ? RED_BADGE.className : STATE_BADGE[status].className,
      )}
    >
      {shownSlipped ? "Slipped" : GOAL_STATE_LABELS[status]}
    </span>
  );
}

/** What fetcher.Form does on submit: the button pressed (its intent) and the form go to the fetcher. */
function submitVia(fetcher: ReturnType<typeof useFetcher>) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    fetcher.submit(submitter ?? event.currentTarget, { method: "post" });
  };
}

function Intent({
  value,
  label,
  goal,
  primary = false,
}: {
  value: "complete" | "skip" | "reopen";
  label: string;
  goal: GoalRowData;
  primary?: boolean;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={value}
      aria-label={`${label}: ${goal.description}`}
      className={primary ? INTENT_BUTTON : SMALL_INTENT_BUTTON}
    >
      {label}
    </button>
  );
}

/** Save comes first in the form, so Enter in a field saves. */
function Editor({
  goal,
  errors,
  typed,
  closeHref,
  onClose,
}: {
  goal: GoalRowData;
  errors: Record<string, string[]> | null;
  /** What the user typed, when the page came back with errors. */
  typed?: { description: string; dueTime: string };
  closeHref: string;
  onClose: (event: React.MouseEvent) => void;
}) {
  const descriptionId = `goal-${goal.id}-description`;
  const timeId = `goal-${goal.id}-time`;
  return (
    <div
      role="group"
      aria-label={`Edit: ${goal.description}`}
      className="space-y-3 rounded-md border p-3"
    >
      <div className="space-y-1">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Goal
        </label>
        <Input
          id={descriptionId}
          name="description"
          defaultValue={typed?.description ?? goal.description}
          autoFocus
          aria-invalid={errors?.description ? true : undefined}
          aria-describedby={errors?.description ? `${descriptionId}-error` : undefined}
        />
        {errors?.description ? (
          <p id={`${descriptionId}-error`} className="text-sm text-destructive">
            {errors.description[0]}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={timeId} className="text-sm font-medium">
          Due by
        </label>
        <Input
          id={timeId}
          name="dueTime"
          type="time"
          defaultValue={typed?.dueTime ?? goal.dueTime}
          className="max-w-[10rem]"
          aria-invalid={errors?.dueTime ? true : undefined}
          aria-describedby={errors?.dueTime ? `${timeId}-error` : undefined}
        />
        {errors?.dueTime ? (
          <p id={`${timeId}-error`} className="text-sm text-destructive">
            {errors.dueTime[0]}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="edit" className={buttonClass("default", "sm")}>
          Save
        </button>
        <button type="submit" name="intent" value="move" className={SMALL_BUTTON}>
          Move to tomorrow
        </button>
        <button
          type="submit"
          name="intent"
          value="delete"
          className={buttonClass("destructive", "sm")}
        >
          Delete
        </button>
        <Link to={closeHref} onClick={onClose} className={buttonClass("ghost", "sm")}>
          Cancel
        </Link>
      </div>
    </div>
  );
}
