import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { OptionSelectField } from "~/components/option-select-field";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { SelectOnFocusInput } from "~/components/ui/input";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { shareLinkDetails } from "~/sharing/share-link-details";
import { EXPIRY_CHOICES, type ShareLinkState } from "~/sharing/share-rules";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import type { ShareLinkFormSchema } from "~/sharing/share-schema";
import { InputField } from "~/components/input-field";
import { RowActionForm } from "~/components/row-action-form";
import { AddItemForm } from "~/components/add-item-form";

export type ShareLinkRowData = {
  id: number;
  label: string;
  url: string;
  state: ShareLinkState;
  includePhotos: boolean;
  includeHabits: boolean;
  expiresLabel: string;
};

/** Settings' 'Share links': read-only links to your progress, created and revoked here. */
export function ShareLinksCard({
  links,
  lastResult,
}: {
  links: ShareLinkRowData[];
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <Card id="share-links">
      <CardHeader>
        <CardTitle className="text-xl">Share links</CardTitle>
        <CardDescription>
          A read-only page with your streak, completion rate, calendar and recent goals (and your
          habits, if you choose), for anyone with the link. It never shows your email or phone.
          Revoke a link and it stops working at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No share links yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Share links">
            {links.map((link) => (
              <li key={link.id} className="grid gap-2 p-3" data-testid="share-link">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="user-text min-w-0 font-medium">
                    {link.label}{" "}
                    <span className="text-sm font-normal text-muted-foreground">
                      ({shareLinkDetails(link)})
                    </span>
                  </p>
                  {link.state === "active" ? (
                    <RowActionForm
                      intent="share-revoke"
                      idName="linkId"
                      id={link.id}
                      pendingLabel="Revoking..."
                      label={`Revoke the link ${link.label}`}
                    >
                      Revoke
                    </RowActionForm>
                  ) : null}
                </div>
                {link.state === "active" ? (
                  <div className="flex gap-2">
                    <SelectOnFocusInput value={link.url} aria-label={`Link for ${link.label}`} />
                    <CopyLinkButton url={link.url} label={link.label} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <CreateShareLinkForm lastResult={lastResult} />
      </CardContent>
    </Card>
  );
}

/** With JavaScript, one tap copies the link; without, the link stays selectable text to copy. */
function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || !navigator.clipboard) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="shrink-0"
      onClick={() => {
        void navigator.clipboard.writeText(url).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : "Copy"}
      <span className="sr-only"> the link for {label}</span>
    </Button>
  );
}

function CreateShareLinkForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.input<typeof ShareLinkFormSchema>>({
    id: "create-share-link",
    constraint: FORM_ATTRIBUTES.shareLink,
    lastResult,
    defaultValue: { expires: "30" },
  });
  return (
    <AddItemForm form={form} title="Create a share link" intent="share-create">
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          field={fields.label}
          type="text"
          label="Who it is for"
          hint="Only you see this, e.g. My running group."
          autoComplete="off"
        />
        <InputField
          field={fields.ownerName}
          type="text"
          label="Your name on the page"
          autoComplete="given-name"
        />
        <OptionSelectField field={fields.expires} label="Expires" options={EXPIRY_CHOICES} />
      </div>
      <CheckboxField
        {...getInputProps(fields.includePhotos, { type: "checkbox" })}
        label="Include proof photos"
        note="Show the photos you sent as proof. Leave it unticked to keep them private."
      />
      <CheckboxField
        {...getInputProps(fields.includeHabits, { type: "checkbox" })}
        label="Include habits"
        note="Show each habit with its schedule, streak and strength."
      />
      <div>
        <PendingButton intent="share-create" pendingLabel="Creating...">
          Create link
        </PendingButton>
      </div>
    </AddItemForm>
  );
}
