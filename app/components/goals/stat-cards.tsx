import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { pluralDays } from "~/utils/time/format";

type Stats = {
  streak: number;
  completionRate: number;
  completionRateBasis: string;
  totalGoals: number;
  openGoals: number;
};

export function StatCards({ stats }: { stats: Stats }) {
  const cards = [
    {
      title: "Current Streak",
      value: pluralDays(stats.streak),
      counts: "Days in a row with a goal done",
      hint: "Consecutive days with a completed goal",
      details: "#calendar",
    },
    {
      title: "Completion Rate",
      value: `${stats.completionRate}%`,
      counts: stats.completionRateBasis,
      hint: "Goals count once done, skipped or missed; open goals wait",
      details: "#previous",
    },
    {
      title: "Total Goals",
      value: String(stats.totalGoals),
      counts: stats.openGoals ? `${stats.openGoals} still open` : "None open",
      hint: "Goals you have set so far",
      details: "#today",
    },
  ];
  // Three across even on a phone, small there, so today's goals stay near the top of the page.
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      {cards.map((card) => {
        const id = card.title.toLowerCase().replace(/ /g, "-");
        return (
          <Card key={card.title} className="p-3 sm:p-6">
            <h2 className="text-xs font-medium text-muted-foreground sm:text-sm">{card.title}</h2>
            <p className="mt-1 text-lg font-bold sm:mt-2 sm:text-3xl" data-testid={`stat-${id}`}>
              {card.value}
            </p>
            <p className="text-xs text-muted-foreground" data-testid={`stat-${id}-counts`}>
              {card.counts}
            </p>
            <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{card.hint}</p>
            <Link
              to={card.details}
              className="mt-1 inline-block text-xs text-primary hover:underline sm:mt-3 sm:text-sm"
            >
              View details<span className="sr-only"> of {card.title}</span>
            </Link>
          </Card>
        );
      })}
    </div>
  );
}
