import { parseWithZod } from "~/utils/forms/forms.server";
import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { billingSummary } from "~/billing/billing.server";
import { PlanBanner } from "~/components/billing/plan-banner";
import { CompletionCalendar } from "~/components/goals/completion-calendar";
import { GoalList } from "~/components/goals/goal-list";
import { withoutPanels } from "~/components/goals/editor-links";
import { NewGoalDialog } from "~/components/goals/new-goal-dialog";
import { Pagination, RangeFilter } from "~/components/goals/previous-goals-nav";
import { StatCards } from "~/components/goals/stat-cards";
import { TodayCard } from "~/components/goals/today-card";
import { UpcomingGoals } from "~/components/goals/upcoming-goals";
import { todayCard } from "~/dashboard/today-card.server";
import { hasPendingCode } from "~/verification/phone-codes.server";
import {
  isPhoneVerificationIntent,
  phoneVerificationResponse,
} from "~/account/phone-verification.server";
import { resumeTexts } from "~/users/texting.server";
import { PageShell } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  pageCount,
  pageSummary,
  parseDateRange,
  previousGoalsEmptyText,
  todayGoalsEmptyText,
} from "~/goals/goal-rules";
import { NewGoalFormSchema } from "~/goals/goal-schema";
import { applyGoalIntent, isGoalIntent, restoreDeletedGoal } from "~/goals/goal-intents.server";
import {
  createGoal,
  dueTodayAt,
  GoalEditError,
  goalStats,
  listPreviousGoals,
  listTodayGoals,
  listUpcomingGoals,
  recentCalendar,
} from "~/goals/goals.server";
import { dayNote } from "~/goals/day-notes.server";
import { localDay } from "~/utils/time/local-time";
import { latestSummaryPaths } from "~/summaries/summaries.server";
import { SummaryLinks } from "~/components/summaries/summary-links";
import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { goalRowsOf, toRow } from "./goal-rows.server";
import { getSiteFacts } from "~/site/site-facts.server";
import { requireUser } from "~/http/session.server";
import type { PublicUser } from "~/users/users.server";
import { inOneRead } from "~/utils/db/db.server";
import { redirectWithToast, toastHeader } from "~/utils/toast/toast.server";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { pageMeta } from "~/utils/page/meta";
import { getClientIp } from "~/utils/requests/request.server";
import { readUserForm, unknownAction } from "~/http/user-form.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "Dashboard",
    "Your goals for today, your streak, completion rate and the goals behind you.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  // Today's habit goals are written first; then every read of the page in one read transaction.
  await ensureHabitGoals(user, now);
  return json(inOneRead(() => dashboardData(user, new URL(request.url).searchParams, now)));
}

function dashboardData(user: PublicUser, search: URLSearchParams, now: Date) {
  const range = parseDateRange(search.get("range"));
  const previous = listPreviousGoals(user, range, search.get("page"), now);
  const today = listTodayGoals(user, now);
  const upcoming = listUpcomingGoals(user, now);
  const rows = goalRowsOf(user, now);
  return {
    todayCard: todayCard(user, today, now),
    serviceNumber: getSiteFacts().serviceNumber,
    codePending: !user.phoneVerifiedAt && hasPendingCode(user, "verify_phone", now),
    stats: goalStats(user, now),
    today: today.map((g) => toRow(g, rows, true)),
    dayNote: dayNote(user.id, localDay(now, user.timezone)),
    upcoming: {
      goals: upcoming.items.map((g) => toRow(g, rows)),
      total: upcoming.total,
    },
    previous: {
      goals: previous.items.map((g) => toRow(g, rows)),
      total: previous.total,
      page: previous.page,
      pages: pageCount(previous.total),
      summary: pageSummary(previous.page, previous.total),
    },
    range,
    calendar: recentCalendar(user, 12, now),
    weekStartsOn: user.weekStartsOn,
    summaries: latestSummaryPaths(localDay(now, user.timezone)),
    billing: billingSummary(user, now),
    // A goal added during the day is due by the evening check-in, when the user is asked about it.
    defaultDueTime: user.preferredCheckInTimeEvening,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request);
  const intent = formData.get("intent");
  if (intent === "resume-texts") {
    resumeTexts(user);
    return redirectWithToast("/dashboard", {
      title: "Texts are on",
      description: "You'll get your check-in texts again.",
    });
  }
  if (isPhoneVerificationIntent(intent)) {
    return phoneVerificationResponse(
      user,
      { intent, form: formData, clientIp: getClientIp(request) },
      "/dashboard",
    );
  }
  if (intent === "restore-goal") {
    const { goalId, toast } = restoreDeletedGoal(user, formData);
    return redirectWithToast(`/dashboard${goalId ? `#goal-${goalId}` : "#today"}`, toast);
  }
  if (isGoalIntent(intent)) {
    const outcome = applyGoalIntent(user, intent, formData);
    if ("fieldErrors" in outcome) {
      // What was typed comes back with the errors, so a page without JavaScript shows it again.
      const typed = (name: string) => String(formData.get(name) ?? "");
      const values = { description: typed("description"), dueTime: typed("dueTime") };
      const { goalId, fieldErrors } = outcome;
      return json({ intent: "edit" as const, goalId, fieldErrors, values }, { status: 400 });
    }
    // With JavaScript the row changes in place (a fetcher); without, the page comes back at the goal.
    if (formData.get("via") === "fetcher") {
      return json(
        { intent, goalId: outcome.goalId, ok: outcome.ok },
        { headers: { "Set-Cookie": await toastHeader(outcome.toast) } },
      );
    }
    const gone = outcome.ok && (intent === "move" || intent === "delete");
    const anchor = outcome.goalId && !gone ? `#goal-${outcome.goalId}` : "#today";
    return redirectWithToast(`${backTo(request)}${anchor}`, outcome.toast);
  }
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: NewGoalFormSchema });
    if (submission.status !== "success") {
      return json({ intent: "create" as const, result: submission.reply() }, { status: 400 });
    }
    try {
      createGoal(user.id, {
        description: submission.value.description,
        dueDate: dueTodayAt(user, submission.value.dueTime),
      });
    } catch (error) {
      if (!(error instanceof GoalEditError)) throw error;
      return json(
        { intent: "create" as const, result: submission.reply({ formErrors: [error.message] }) },
        { status: 409 },
      );
    }
    return redirectWithToast("/dashboard", {
      title: "Goal created!",
      description: "Your goal has been added successfully.",
    });
  }
  throw unknownAction();
}

/** Stay on the same filtered page after completing a goal from it. */
function backTo(request: Request) {
  const referer = request.headers.get("referer");
  const url = referer && URL.canParse(referer) ? new URL(referer) : null;
  return url?.pathname === "/dashboard" && url.origin === new URL(request.url).origin
    ? `/dashboard${withoutPanels(url.searchParams)}`
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
      <TodayCard
        card={data.todayCard}
        codePending={data.codePending}
        codeError={actionData?.intent === "verify-code" ? actionData.error : undefined}
      />
      <PlanBanner billing={data.billing} />
      <Card className="mt-4 scroll-mt-20" id="today">
        <CardHeader className="pb-2">
          <CardTitle className="text-lg">Today&apos;s Goals</CardTitle>
          {data.dayNote ? (
            <p className="break-words text-sm italic" data-testid="day-note">
              {data.dayNote}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <GoalList
            goals={data.today}
            label="Today's Goals"
            empty={todayGoalsEmptyText(data.stats.totalGoals, data.serviceNumber)}
          />
        </CardContent>
      </Card>
      <UpcomingGoals {...data.upcoming} />
      <div className="mt-6">
        <StatCards stats={data.stats} />
      </div>
      <Card className="mt-6 scroll-mt-20" id="calendar">
        <CardHeader>
          <CardTitle className="text-lg">Your last 12 weeks</CardTitle>
        </CardHeader>
        <CardContent>
          <CompletionCalendar weeks={data.calendar} weekStartsOn={data.weekStartsOn} />
          <SummaryLinks {...data.summaries} />
        </CardContent>
      </Card>
      <Card className="mt-6 scroll-mt-20" id="previous">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-4 space-y-0">
          <CardTitle className="text-lg">Previous Goals</CardTitle>
          <RangeFilter range={data.range} />
        </CardHeader>
        <CardContent>
          <GoalList
            goals={data.previous.goals}
            label="Previous Goals"
            empty={previousGoalsEmptyText(data.stats.totalGoals, data.range)}
          />
          <Pagination {...data.previous} range={data.range} />
        </CardContent>
      </Card>
    </PageShell>
  );
}
