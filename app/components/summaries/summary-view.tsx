import { Link } from "@remix-run/react";
import { ProofThumbnails } from "~/components/goals/proof-thumbnails";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { SummaryPageData } from "~/summaries/summaries.server";

/** A weekly or monthly summary: the figures and the goals of the period (with shared photos, if any). */
export function SummaryView({ data }: { data: SummaryPageData }) {
  return (
    <>
      <p className="mb-6 text-muted-foreground">{data.period}</p>
      <dl className="grid gap-4 sm:grid-cols-5">
        {data.figures.map((f) => (
          <Card key={f.label} className="p-4">
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{f.value}</dd>
            {f.counts ? <dd className="text-sm text-muted-foreground">{f.counts}</dd> : null}
          </Card>
        ))}
      </dl>
      {data.habits.length ? (
        <>
          <h2 className="mb-2 mt-8 text-xl font-semibold">Habits</h2>
          <ul className="divide-y">
            {data.habits.map((h) => (
              <li key={h.habitId} className="flex justify-between gap-4 py-2">
                <span className="user-text">{h.title}</span>
                <span className="text-sm text-muted-foreground">
                  {h.done} of {h.due} done
                  {h.total !== null ? ` · total ${Math.round(h.total * 100) / 100}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="mb-2 mt-8 text-xl font-semibold">Goals</h2>
      {data.goalsPage.pages > 1 ? (
        <p className="mb-2 text-sm text-muted-foreground">
          Goals {data.goalsPage.first + 1} to {data.goalsPage.last} of{" "}
          {data.goalsPage.total.toLocaleString("en-US")}
        </p>
      ) : null}
      {data.goals.length === 0 ? (
        <p className="text-muted-foreground">No goals in this period.</p>
      ) : (
        <ul className="divide-y">
          {data.goals.map((g) => (
            <li key={g.id} className="flex flex-wrap justify-between gap-4 py-2">
              <span className="user-text">{g.description}</span>
              <span className="text-sm text-muted-foreground">
                {g.due} · {g.status}
              </span>
              <ProofThumbnails photos={g.photos} goal={g.description} />
            </li>
          ))}
        </ul>
      )}
      <GoalPages page={data.goalsPage.page} pages={data.goalsPage.pages} />
    </>
  );
}

/** Plain links to the goals before and after these, so they work without JavaScript. */
function GoalPages({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="More goals" className="mt-4 flex justify-center gap-2">
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className={buttonClass("outline", "sm")} rel="prev">
          Previous goals
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={`?page=${page + 1}`} className={buttonClass("outline", "sm")} rel="next">
          Next goals
        </Link>
      ) : null}
    </nav>
  );
}
