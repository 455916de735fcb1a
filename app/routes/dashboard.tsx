import { parseWithZod, readFormData } from "~/utils/forms.server";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { billingSummary } from "~/billing/billing.server";
import { PlanBanner } from "~/components/billing/plan-banner";
import { CompletionCalendar } from "~/components/goals/completion-calendar";
import { GoalList, type GoalRowData } from "~/components/goals/goal-list";
import { NewGoalDialog } from "~/components/goals/new-goal-dialog";
import { StatCards } from "~/components/goals/stat-cards";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Select } from "~/components/ui/input";
import { DATE_RANGES, goalState, pageCount, pageSummary, parseDateRange } from "~/goals/goal-rules";
import { NewGoalFormSchema } from "~/goals/goal-schema";
import {
  completeGoal,
  createGoal,
  dueTodayAt,
  goalStats,
  listPreviousGoals,
  listTodayGoals,
  recentCalendar,
} from "~/goals/goals.server";
import type { Goal } from "../../db/schema";
import { formatDateTime } from "~/utils/format";
import { ensurePrimary } from "~/utils/litefs.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Dashboard",
    "Your goals for today, your streak, completion rate and the goals behind you.",
  );

function toRow(goal: Goal, timezone: string, now: Date): GoalRowData {
  return {
    id: goal.id,
    description: goal.description,
    dueLabel: formatDateTime(goal.dueDate, timezone),
    createdLabel: formatDateTime(goal.createdAt, timezone),
    status: goalState(goal, now, timezone),
    llmFeedback: goal.llmFeedback,
    proofImageUrls: goal.proofImageUrls.filter((url) => url.startsWith("/media/")),
    proofDescription: goal.proofDescription,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const range = parseDateRange(url.searchParams.get("range"));
  const now = new Date();
  const previous = listPreviousGoals(user, range, url.searchParams.get("page"), now);
  return json({
    stats: goalStats(user, now),
    today: listTodayGoals(user, now).map((g) => toRow(g, user.timezone, now)),
    previous: {
      goals: previous.items.map((g) => toRow(g, user.timezone, now)),
      total: previous.total,
      page: previous.page,
      pages: pageCount(previous.total),
      summary: pageSummary(previous.page, previous.total),
    },
    range,
    calendar: recentCalendar(user, 12, now),
    billing: billingSummary(user, now),
    // A goal added during the day is due by the evening check-in, when the user is asked about it.
    defaultDueTime: user.preferredCheckInTimeEvening,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "complete") {
    const goalId = Number(formData.get("goalId"));
    const goal = Number.isSafeInteger(goalId) ? completeGoal(user.id, goalId) : undefined;
    if (!goal) {
      return redirectWithToast("/dashboard", {
        title: "Error",
        description: "Failed to complete goal. Please try again.",
        type: "error",
      });
    }
    return redirectWithToast(backTo(request), {
      title: "Goal completed!",
      description: "Your goal has been marked as complete.",
    });
  }
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: NewGoalFormSchema });
    if (submission.status !== "success") {
      return json({ intent: "create" as const, result: submission.reply() }, { status: 400 });
    }
    createGoal(user.id, {
      description: submission.value.description,
      dueDate: dueTodayAt(user, submission.value.dueTime),
    });
    return redirectWithToast("/dashboard", {
      title: "Goal created!",
      description: "Your goal has been added successfully.",
    });
  }
  throw new Response("Unknown action.", { status: 400 });
}

function withoutNewGoal(params: URLSearchParams) {
  params.delete("new-goal");
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Stay on the same filtered page after completing a goal from it. */
function backTo(request: Request) {
  const referer = request.headers.get("referer");
  const url = referer && URL.canParse(referer) ? new URL(referer) : null;
  return url?.pathname === "/dashboard" && url.origin === new URL(request.url).origin
    ? `/dashboard${withoutNewGoal(url.searchParams)}`
    : "/dashboard";
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);
  useEffect(() => setDialogOpen(false), [location.key]);
  const createFailed = actionData?.intent === "create";
  const open = dialogOpen || createFailed || new URLSearchParams(location.search).has("new-goal");
  return (
    <PageShell
      title="Dashboard"
      actions={
        <div className="flex gap-2">
          <a
            href={`/dashboard/report.pdf?range=${data.range}`}
            className={buttonClass("outline")}
            download
          >
            Download PDF
          </a>
          <Link
            to="?new-goal"
            className={buttonClass("default")}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setDialogOpen(true);
            }}
          >
            New Goal
          </Link>
        </div>
      }
    >
      <NewGoalDialog
        key={location.key}
        open={open}
        onClose={hydrated ? () => setDialogOpen(false) : undefined}
        lastResult={createFailed ? actionData.result : undefined}
        defaultDueTime={data.defaultDueTime}
      />
      <PlanBanner billing={data.billing} />
      <StatCards stats={data.stats} />
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">Your last 12 weeks</CardTitle>
        </CardHeader>
        <CardContent>
          <CompletionCalendar weeks={data.calendar} />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">Today&apos;s Goals</CardTitle>
        </CardHeader>
        <CardContent>
          <GoalList goals={data.today} label="Today's Goals" />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-4 space-y-0">
          <CardTitle className="text-lg">Previous Goals</CardTitle>
          <RangeFilter range={data.range} />
        </CardHeader>
        <CardContent>
          <GoalList goals={data.previous.goals} label="Previous Goals" />
          <Pagination {...data.previous} range={data.range} />
        </CardContent>
      </Card>
    </PageShell>
  );
}

function RangeFilter({ range }: { range: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      className="flex items-center gap-2"
      onChange={(e) => submit(e.currentTarget)}
    >
      <label htmlFor="range" className="text-sm font-medium">
        Date range
      </label>
      <Select id="range" name="range" defaultValue={range} className="w-40">
        {DATE_RANGES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </Select>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("outline", "sm")}>
          Apply
        </button>
      )}
    </Form>
  );
}

function Pagination({
  page,
  pages,
  summary,
  range,
}: {
  page: number;
  pages: number;
  summary: string;
  range: string;
}) {
  const href = (p: number) => `?${new URLSearchParams({ range, page: String(p) })}`;
  return (
    <nav
      aria-label="Previous goals pages"
      className="mt-4 flex items-center justify-between text-sm"
    >
      <p>{summary}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={buttonClass("outline", "sm")} preventScrollReset>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={href(page + 1)} className={buttonClass("outline", "sm")} preventScrollReset>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
