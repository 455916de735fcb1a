import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { OptionSelectField } from "~/components/option-select-field";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SelectOnFocusInput } from "~/components/ui/input";
import {
  ACCESS_CHOICES,
  ACCESS_HINT,
  TOKEN_EXPIRY_CHOICES,
  type TokenState,
} from "~/users/api-token-rules";
import type { ApiTokenFormSchema } from "~/users/api-token-schema";
import { InputField } from "~/components/input-field";
import { RowActionForm } from "~/components/row-action-form";
import { AddItemForm } from "~/components/add-item-form";

export type ApiTokenRowData = {
  id: number;
  name: string;
  scopes: string[];
  state: TokenState;
  createdLabel: string;
  expiresLabel: string;
  lastUsedLabel: string;
  flag: string | null;
};

const STATE_WORDS: Record<TokenState, string> = {
  active: "active",
  expired: "expired",
  revoked: "revoked",
};

/** Settings' 'API tokens': personal access tokens for scripts, made, listed and revoked here. */
export function ApiTokensCard({
  tokens,
  created,
  lastResult,
}: {
  tokens: ApiTokenRowData[];
  created?: { name: string; token: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <Card id="api-tokens">
      <CardHeader>
        <CardTitle className="text-xl">API tokens</CardTitle>
        <CardDescription>
          A token lets a script, a Shortcut or an automation use the StreakCoach API as you: send it
          as <code>Authorization: Bearer</code>, never in a link. It never reaches your account,
          billing or admin pages. Revoke a token and it stops working at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? <NewTokenNotice created={created} /> : null}
        {tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API tokens yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="API tokens">
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
        <CreateTokenForm lastResult={lastResult} />
      </CardContent>
    </Card>
  );
}

function NewTokenNotice({ created }: { created: { name: string; token: string } }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-primary p-4">
      <p className="font-medium">
        Your new token “<span className="user-text">{created.name}</span>”. Copy it now: it
        won&apos;t be shown again.
      </p>
      <SelectOnFocusInput
        value={created.token}
        aria-label="Your new token"
        data-testid="new-api-token"
      />
    </div>
  );
}

function TokenRow({ token }: { token: ApiTokenRowData }) {
  const access = token.scopes.includes("write") ? "read and write" : "read only";
  return (
    <li className="grid gap-1 p-3" data-testid="api-token">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="user-text min-w-0 font-medium">
          {token.name}{" "}
          <span className="text-sm font-normal text-muted-foreground">
            ({access}, {STATE_WORDS[token.state]}, expires {token.expiresLabel})
          </span>
        </p>
        {token.state === "active" ? (
          <RowActionForm
            intent="token-revoke"
            idName="tokenId"
            id={token.id}
            pendingLabel="Revoking..."
            label={`Revoke the token ${token.name}`}
          >
            Revoke
          </RowActionForm>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        Created {token.createdLabel}. Last used: {token.lastUsedLabel}.
      </p>
      {token.flag ? (
        <p className="text-sm font-medium text-destructive">
          Possibly leaked: {token.flag}. If that wasn&apos;t you, revoke it and make a new one.
        </p>
      ) : null}
    </li>
  );
}

function CreateTokenForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.input<typeof ApiTokenFormSchema>>({
    id: "create-api-token",
    constraint: FORM_ATTRIBUTES.apiToken,
    lastResult,
    defaultValue: { access: "read", expires: "90" },
  });
  return (
    <AddItemForm form={form} title="Create a token" intent="token-create">
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          field={fields.name}
          type="text"
          label="Name"
          hint="What uses it, e.g. Home Shortcut."
          autoComplete="off"
        />
        <OptionSelectField
          field={fields.access}
          label="Access"
          options={ACCESS_CHOICES}
          hint={ACCESS_HINT}
        />
        <OptionSelectField field={fields.expires} label="Expires" options={TOKEN_EXPIRY_CHOICES} />
      </div>
      <div>
        <PendingButton intent="token-create" pendingLabel="Creating...">
          Create token
        </PendingButton>
      </div>
    </AddItemForm>
  );
}

export type CalendarFeedData = { createdLabel: string; lastFetchedLabel: string } | null;

/** The private calendar link: made (shown once, as https:// and webcal://), replaced or revoked. */
export function CalendarFeedCard({
  feed,
  created,
}: {
  feed: CalendarFeedData;
  created?: { https: string; webcal: string };
}) {
  return (
    <Card id="calendar-feed">
      <CardHeader>
        <CardTitle className="text-xl">Calendar feed</CardTitle>
        <CardDescription>
          A private link your calendar app subscribes to: today&apos;s goals at their due times,
          your habits and your check-in times for the next two weeks, in your time zone. Anyone with
          the link can read it, so keep it to yourself; revoke it and it stops working.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created ? (
          <div role="status" className="grid gap-2 rounded-md border border-primary p-4">
            <p className="font-medium">
              Your calendar link. Copy it now: it won&apos;t be shown again.
            </p>
            <p className="text-sm">
              <a className="underline" href={created.webcal}>
                Subscribe in Apple Calendar or Outlook
              </a>{" "}
              (webcal://), or paste this https:// link into Google Calendar&apos;s “From URL”:
            </p>
            <SelectOnFocusInput
              value={created.https}
              aria-label="Your calendar link"
              data-testid="calendar-link"
            />
          </div>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {feed
            ? `Your link was made ${feed.createdLabel}; last read by a calendar: ${feed.lastFetchedLabel}.`
            : "You have no calendar link."}
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="calendar-create" />
            <PendingButton intent="calendar-create" pendingLabel="Making...">
              {feed ? "Make a new link (the old one stops)" : "Make a calendar link"}
            </PendingButton>
          </Form>
          {feed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="calendar-revoke" />
              <PendingButton intent="calendar-revoke" variant="outline" pendingLabel="Revoking...">
                Revoke the calendar link
              </PendingButton>
            </Form>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
