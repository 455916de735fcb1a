import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { GoalList, type GoalRowData } from "./goal-list";

/** Goals set for later days, the next few of them; nothing at all when there are none. */
export function UpcomingGoals({ goals, total }: { goals: GoalRowData[]; total: number }) {
  if (total === 0) return null;
  return (
    <Card className="mt-4 scroll-mt-20" id="upcoming">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Upcoming</CardTitle>
      </CardHeader>
      <CardContent>
        <GoalList goals={goals} label="Upcoming" />
        {total > goals.length ? (
          <p className="pt-2 text-sm text-muted-foreground">
            The next {goals.length} of {total} upcoming goals.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
