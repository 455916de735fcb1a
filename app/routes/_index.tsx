import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "StreakCoach: daily goals by text" }];

export default function LandingPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight">Keep your goals, one text at a time</h1>
      <p className="text-lg text-muted-foreground">
        Every morning we text you for today&apos;s goals. Every evening you check in with proof.
      </p>
      <div className="flex gap-3">
        <Link to="/register" className={buttonClass("default", "lg")}>
          Get started
        </Link>
        <Link to="/login" className={buttonClass("outline", "lg")}>
          Log in
        </Link>
      </div>
    </div>
  );
}
