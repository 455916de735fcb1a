import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { pluralDays } from "~/utils/format";

type Stats = { streak: number; completionRate: number; totalGoals: number };

export function StatCards({ stats }: { stats: Stats }) {
  const cards = [
    {
      title: "Current Streak",
      value: pluralDays(stats.streak),
      hint: "Consecutive days with a completed goal",
    },
    {
      title: "Completion Rate",
      value: `${stats.completionRate}%`,
      hint: "Share of all your goals completed",
    },
    { title: "Total Goals", value: String(stats.totalGoals), hint: "Goals you have set so far" },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <Card key={card.title} className="p-6">
          <h2 className="text-sm font-medium text-muted-foreground">{card.title}</h2>
          <p
            className="mt-2 text-3xl font-bold"
            data-testid={`stat-${card.title.toLowerCase().replace(/ /g, "-")}`}
          >
            {card.value}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{card.hint}</p>
          <Link to="/dashboard" className="mt-3 inline-block text-sm text-primary hover:underline">
            View details<span className="sr-only"> of {card.title}</span>
          </Link>
        </Card>
      ))}
    </div>
  );
}
