import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TodayCard as TodayCardData } from "~/dashboard/today-card.server";
import { PendingButton } from "../pending-button";
import { buttonClass } from "../ui/button";
import { FieldErrors } from "../ui/field";
import { Input } from "../ui/input";
import { codeFieldState, ViaScriptField } from "../settings/phone-verification";

/** The top of the dashboard: what happens next, or what is off and the one thing that turns it on. */
export function TodayCard({
  card,
  codePending,
  codeError,
}: {
  card: TodayCardData;
  /** A verification code was texted and can still be entered. */
  codePending: boolean;
  /** The answer to a wrong code, shown at the field. */
  codeError?: string;
}) {
  if (card.state === "on") {
    return (
      <Panel tone="ok" title={card.next}>
        <p>{card.about}</p>
      </Panel>
    );
  }
  switch (card.state) {
    case "unverified":
      if (card.numberTaken) {
        return (
          <Panel tone="off" title="Another account has verified your number">
            <p>
              {card.phone} belongs to the account that verified it first. Enter a different mobile
              number to get texts.
            </p>
            <Link to="/settings/phone" className={buttonClass("default", "sm")}>
              Change your number
            </Link>
          </Panel>
        );
      }
      return (
        <Panel tone="action" title="Verify your phone to start getting texts">
          <VerifyPhone phone={card.phone} codePending={codePending} codeError={codeError} />
        </Panel>
      );
    case "opted_out":
      return (
        <Panel tone="off" title="Texts are off: your number replied STOP">
          <p>Reply START to any of our texts, or send START in the chat, to turn them back on.</p>
          <Link to="/messages#latest" className={buttonClass("default", "sm")}>
            Open the chat
          </Link>
        </Panel>
      );
    case "undeliverable":
      return (
        <Panel tone="off" title={`Texts to ${card.phone} can't be delivered`}>
          <p>The carrier refused them. Use another mobile number to get texts again.</p>
          <Link to="/settings/phone" className={buttonClass("default", "sm")}>
            Change your number
          </Link>
        </Panel>
      );
    case "plan_ended":
      return (
        <Panel tone="off" title="Texts are off: your plan has ended">
          <p>Your goals and history are all here. Choose a plan to get texts again.</p>
          <Link to="/settings/billing" className={buttonClass("default", "sm")}>
            Choose a plan
          </Link>
        </Panel>
      );
    case "reminders_off":
    case "paused":
      return (
        <Panel
          tone="off"
          title={
            card.state === "paused"
              ? `Texts are paused until ${card.until ?? "you resume them"}`
              : "Check-in texts are turned off"
          }
        >
          <Form method="post" action="/dashboard">
            <input type="hidden" name="intent" value="resume-texts" />
            <PendingButton intent="resume-texts" size="sm" pendingLabel="Turning on...">
              Turn texts back on
            </PendingButton>
          </Form>
        </Panel>
      );
  }
}

const TONES = {
  ok: "border-l-4 border-l-green-600",
  action: "border-l-4 border-l-primary",
  off: "border-l-4 border-l-amber-500",
};

function Panel({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="today-card-title"
      className={`rounded-lg border bg-card p-4 text-card-foreground shadow-sm ${TONES[tone]}`}
      data-testid="today-card"
    >
      <h2 id="today-card-title" className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 space-y-3 text-sm text-muted-foreground">{children}</div>
    </section>
  );
}

function VerifyPhone({
  phone,
  codePending,
  codeError,
}: {
  phone: string;
  codePending: boolean;
  codeError?: string;
}) {
  return (
    <>
      <p>
        Every morning we text you for your goals, and every evening we ask how they went. First,
        confirm {phone} is yours.
      </p>
      {codePending ? (
        <Form method="post" action="/dashboard" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="verify-code" />
          <ViaScriptField />
          <div className="space-y-1">
            <label htmlFor="today-code" className="text-sm font-medium text-foreground">
              Code from the text
            </label>
            <Input
              id="today-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              title="The 6 digits from the text"
              required
              {...codeFieldState("today-code", codeError)}
              className="max-w-[10rem]"
            />
            <FieldErrors id="today-code-error" errors={codeError ? [codeError] : undefined} />
          </div>
          <PendingButton intent="verify-code" size="sm" pendingLabel="Verifying...">
            Verify
          </PendingButton>
        </Form>
      ) : null}
      <Form method="post" action="/dashboard">
        <input type="hidden" name="intent" value="send-code" />
        <PendingButton
          intent="send-code"
          size="sm"
          variant={codePending ? "link" : "default"}
          className={codePending ? "h-auto px-0" : undefined}
          pendingLabel="Sending..."
        >
          {codePending ? "Send a new code" : "Text me a code"}
        </PendingButton>
      </Form>
    </>
  );
}
