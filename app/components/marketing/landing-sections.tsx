import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import type { SiteFacts } from "~/site/site-facts.server";
import { cn } from "~/utils/page/cn";
import { CHECK_IN_TIMES } from "./check-in-times";
import { CameraIcon, ChartIcon, CheckIcon, FlameIcon, MessageIcon, SparklesIcon } from "./icons";

/** Sections sit below a sticky bar on wide screens, so anchors leave room for it. */
const sectionClass = "scroll-mt-16 px-4 py-20 sm:py-24";

function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-muted-foreground">{children}</p> : null}
    </div>
  );
}

export function HeroSection({ site }: { site: SiteFacts }) {
  return (
    <section
      id="hero"
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden px-4 pb-20 pt-16 sm:pt-24"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-primary/10 to-transparent"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_0.9fr]">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-muted-foreground">
            <MessageIcon className="h-4 w-4 text-primary" />
            Your accountability coach, by text
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl"
          >
            Keep your goals, <span className="text-primary">one text at a time</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground lg:mx-0">
            Every morning StreakCoach texts you to ask for today&apos;s goals. Every evening it
            checks in, you reply with what you finished (with a photo if you like) and your streak
            grows. No app to open, no willpower required: just a coach in your pocket that never
            forgets to ask.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to="/register" className={buttonClass("default", "lg")}>
              Get started
            </Link>
            <Link to="#features" className={buttonClass("outline", "lg")}>
              Learn more
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Start your {site.trialDays}-day free trial. Cancel anytime. Available in{" "}
            {site.availability.summary}.
          </p>
        </div>
        <PhonePreview />
      </div>
    </section>
  );
}

type Bubble = { from: "coach" | "you"; text: string; time?: string; photo?: string };

const SAMPLE_DAY: Bubble[] = [
  {
    from: "coach",
    time: CHECK_IN_TIMES.morning,
    text: "Good morning! What are your goals for today? Reply with 1-3 goals.",
  },
  { from: "you", text: "1. Run 5k 2. Read 30 pages 3. No sugar after lunch" },
  {
    from: "coach",
    text: `Got it: 3 goals for today. I'll check in at ${CHECK_IN_TIMES.evening}.`,
  },
  {
    from: "coach",
    time: CHECK_IN_TIMES.evening,
    text: "Evening check-in: which goals did you finish? A photo as proof is welcome.",
  },
  { from: "you", text: "1 and 2!", photo: "run-5k.jpg" },
  { from: "coach", text: "Nice work! 2 of 3 done. Streak: 12 days." },
];

function PhonePreview() {
  return (
    <figure className="mx-auto w-full max-w-sm">
      <div className="rounded-[2.5rem] border-8 border-foreground/90 bg-card p-4 shadow-2xl">
        <div className="mb-3 flex items-center gap-3 border-b pb-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <MessageIcon className="h-5 w-5" />
          </span>
          <div>
            <p className="text-sm font-semibold">StreakCoach</p>
            <p className="text-xs text-muted-foreground">Text message</p>
          </div>
        </div>
        <ol className="flex flex-col gap-2 text-sm">
          {SAMPLE_DAY.map((bubble, index) => (
            <li key={index} className="flex flex-col">
              {bubble.time ? (
                <span className="my-1 self-center text-xs text-muted-foreground">
                  {bubble.time}
                </span>
              ) : null}
              <span className="sr-only">{bubble.from === "coach" ? "StreakCoach:" : "You:"}</span>
              <span
                className={cn(
                  "max-w-[85%] rounded-2xl px-3 py-2",
                  bubble.from === "coach"
                    ? "self-start rounded-bl-sm bg-muted"
                    : "self-end rounded-br-sm bg-primary text-primary-foreground",
                )}
              >
                {bubble.photo ? (
                  <span className="mb-1 flex items-center gap-1 text-xs opacity-90">
                    <CameraIcon className="h-4 w-4" />
                    Photo: {bubble.photo}
                  </span>
                ) : null}
                {bubble.text}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <figcaption className="mt-4 text-center text-sm text-muted-foreground">
        A day with StreakCoach: two texts, a few replies, one more day on your streak.
      </figcaption>
    </figure>
  );
}

const FEATURES = [
  {
    title: "SMS Check-ins",
    icon: MessageIcon,
    text: "A friendly text every morning asks for today's goals, and another every evening asks how it went. Reply in plain words from any phone: there's no app to install and nothing to remember to open.",
  },
  {
    title: "Visual Proof",
    icon: CameraIcon,
    text: "Text back a photo of the finished run, the clean desk or the healthy dinner. Proof is optional, but it makes each win feel real, and it's saved privately with the goal it proves.",
  },
  {
    title: "AI-Powered Feedback",
    icon: SparklesIcon,
    text: "With Premium, every check-in gets thoughtful, personal feedback: what went well, what got in the way, and one small adjustment to make tomorrow easier.",
  },
  {
    title: "Progress Tracking",
    icon: ChartIcon,
    text: "Your streak, completion rate and every past goal live on your dashboard. A weekly summary arrives by text on Sunday, ready to share with a coach or an accountability partner.",
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className={cn(sectionClass, "border-t")}
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Built for follow-through, not just good intentions"
        >
          Writing goals down is easy. Doing them is the hard part. StreakCoach gives you the one
          thing most plans are missing: someone who asks, every single day.
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-lg border bg-card p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <feature.icon />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const STEPS = [
  {
    title: "Morning goal setting",
    text: `At the time you choose (${CHECK_IN_TIMES.morning} unless you pick another), we text you. Reply with two or three goals for the day, like "1. Run 5k 2. Read 30 pages".`,
  },
  {
    title: "Work through your day",
    text: 'Get on with it. Your goals are waiting on your dashboard, and if plans change you can text a new goal any time, like "goal: call Mom".',
  },
  {
    title: "Evening check-in",
    text: `At ${CHECK_IN_TIMES.evening} (or your chosen time) we ask what you finished. Reply "all", "none" or "1 and 3", and add a photo as proof if you like.`,
  },
  {
    title: "AI feedback and growth",
    text: "Your streak and completion rate update right away, and Premium members get personal AI feedback. Small daily wins stack up into habits that stick.",
  },
];

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className={cn(sectionClass, "bg-muted/50")}
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="how-it-works-title" eyebrow="Simple by design" title="How It Works">
          Four small steps a day, all by text. It takes less than a minute, morning and evening.
        </SectionHeading>
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-lg border bg-card p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const STORIES = [
  {
    category: "Fitness",
    title: "From the couch to a 5k",
    quote:
      "I'd tried every fitness app and ignored them all. A text asking what I'd do today, and knowing I'd have to answer in the evening, is what finally got me running. The photo of my watch each night became a ritual.",
    streakDays: 35,
    name: "Maria",
  },
  {
    category: "Productivity",
    title: "The thesis chapter, finally written",
    quote:
      'Naming three goals every morning made my days concrete instead of vague. Replying "1 and 2" at night sounds small, but it kept me honest, and the chapter I\'d avoided for months got done.',
    streakDays: 28,
    name: "James",
  },
  {
    category: "Health",
    title: "Water, walks and an earlier bedtime",
    quote:
      "The evening check-in became my cue to wind down. Watching my streak pass a month has been the best motivation I've had, and I sleep better than I have in years.",
    streakDays: 42,
    name: "Priya",
  },
];

export function SuccessStoriesSection() {
  return (
    <section id="success-stories" aria-labelledby="success-stories-title" className={sectionClass}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="success-stories-title" eyebrow="Results" title="Success Stories">
          What a daily text can do when it never stops asking.
        </SectionHeading>
        <p
          className="-mt-8 mb-10 text-center text-sm text-muted-foreground"
          data-testid="sample-stories-note"
        >
          Sample stories: illustrative examples of how people use StreakCoach, not reviews from real
          customers.
        </p>
        <ul className="grid gap-6 md:grid-cols-3">
          {STORIES.map((story) => (
            <li key={story.title}>
              <article className="flex h-full flex-col rounded-lg border bg-card p-6 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wider text-primary">
                  {story.category}
                </p>
                <h3 className="mt-2 text-lg font-semibold">{story.title}</h3>
                <blockquote className="mt-3 flex-1 text-sm leading-6 text-muted-foreground">
                  <p>&ldquo;{story.quote}&rdquo;</p>
                </blockquote>
                <div className="mt-6 flex items-center justify-between border-t pt-4">
                  <p className="font-medium">{story.name}</p>
                  <p className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary">
                    <FlameIcon className="h-4 w-4" />
                    {story.streakDays}-day streak
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ClosingCallToAction({ site }: { site: SiteFacts }) {
  return (
    <section id="get-started" aria-labelledby="get-started-title" className={sectionClass}>
      <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 id="get-started-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to start your streak?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg opacity-90">
          Start your {site.trialDays}-day free trial today and get your first morning text at the
          time you choose; you can text your goals the moment your phone is verified. It takes two
          minutes to sign up.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/register"
            className={cn(
              buttonClass("secondary", "lg"),
              "bg-primary-foreground text-primary hover:bg-primary-foreground/90",
            )}
          >
            Start Free Trial
          </Link>
          <Link
            to="#features"
            className={cn(
              buttonClass("outline", "lg"),
              "border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground",
            )}
          >
            Learn More
          </Link>
        </div>
        <ul className="mx-auto mt-8 flex max-w-2xl flex-col items-center justify-center gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
          {site.plans.map((plan) => (
            <li key={plan.id} className="inline-flex items-center gap-1">
              <CheckIcon className="h-4 w-4" />
              {plan.name} {plan.price} after the trial
            </li>
          ))}
          <li className="inline-flex items-center gap-1">
            <CheckIcon className="h-4 w-4" />
            Cancel anytime
          </li>
        </ul>
      </div>
    </section>
  );
}
