import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { OptionSelectField } from "~/components/option-select-field";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FieldErrors } from "~/components/ui/field";
import type { PartnerState } from "~/partners/partner-state";
import type { PartnerFormSchema } from "~/partners/partner-schema";
import { useSuccessfulSubmissions } from "~/utils/hooks/use-successful-submissions";
import { InputField } from "~/components/input-field";
import { RowActionForm } from "~/components/row-action-form";
import { AddItemForm } from "~/components/add-item-form";

export type PartnerRowData = {
  id: number;
  name: string;
  phone: string;
  role: "coach" | "partner";
  state: PartnerState;
  stateLabel: string;
  shares: string;
};

const ROLES = [
  { value: "partner", label: "Accountability partner" },
  { value: "coach", label: "Coach" },
] as const;

const STATE_STYLES: Record<PartnerState, string> = {
  invited: "bg-amber-100 text-amber-900",
  active: "bg-green-100 text-green-900",
  declined: "bg-muted text-foreground",
  opted_out: "bg-red-100 text-red-900",
};

/** Settings' 'Coaches & partners': who gets what, their consent state, add and remove. */
export function PartnersCard({
  partners,
  max,
  lastResult,
}: {
  partners: PartnerRowData[];
  max: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const invited = useSuccessfulSubmissions("partner-add", lastResult?.status === "error");
  return (
    <Card id="partners">
      <CardHeader>
        <CardTitle className="text-xl">Coaches &amp; partners</CardTitle>
        <CardDescription>
          Share your summaries with a coach or an accountability partner by text. They get one
          invitation and nothing else until they reply YES; they can reply STOP at any time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {partners.length === 0 ? (
          <p className="text-sm text-muted-foreground">No coaches or partners yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Coaches and partners">
            {partners.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="user-text min-w-0 font-medium">
                    {p.name}{" "}
                    <span className="text-sm text-muted-foreground">
                      ({p.role === "coach" ? "Coach" : "Partner"}, {p.phone})
                    </span>
                  </p>
                  <p className="text-sm text-muted-foreground">Gets: {p.shares}</p>
                </div>
                <div className="flex items-center gap-3">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[p.state]}`}
                    data-testid="partner-state"
                  >
                    {p.stateLabel}
                  </span>
                  <RowActionForm
                    intent="partner-remove"
                    idName="partnerId"
                    id={p.id}
                    pendingLabel="Removing..."
                    label={`Remove ${p.name}`}
                  >
                    Remove
                  </RowActionForm>
                </div>
              </li>
            ))}
          </ul>
        )}
        {partners.length < max ? (
          <AddPartnerForm key={invited} lastResult={lastResult} />
        ) : (
          <p className="text-sm text-muted-foreground">
            You have {max} coaches and partners, the most you can have. Remove one to add another.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function AddPartnerForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<z.input<typeof PartnerFormSchema>>({
    id: "add-partner",
    constraint: FORM_ATTRIBUTES.partner,
    lastResult,
    defaultValue: { role: "partner", weeklySummary: "on" },
  });
  return (
    <AddItemForm form={form} title="Add a coach or partner" intent="partner-add">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} type="text" label="Their name" autoComplete="off" />
        <InputField
          field={fields.phone}
          type="tel"
          label="Their mobile number"
          hint="A US mobile number, e.g. 5551234567."
          autoComplete="off"
        />
        <OptionSelectField field={fields.role} label="Role" options={ROLES} />
        <InputField
          field={fields.inviterName}
          type="text"
          label="Your name in their texts"
          hint="How the invitation and summaries name you, e.g. Sam."
          autoComplete="given-name"
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">What they get</legend>
        <CheckboxField
          {...getInputProps(fields.weeklySummary, { type: "checkbox" })}
          label="Every Sunday: my week's summary"
          note="Your week's figures, with a link to the details."
        />
        <CheckboxField
          {...getInputProps(fields.monthlySummary, { type: "checkbox" })}
          label="On the 1st: my month's summary"
          note="Your month's figures, with a link to the details."
        />
        <CheckboxField
          {...getInputProps(fields.eveningNotes, { type: "checkbox" })}
          label="Every evening: a note after my check-in"
          note="How many of the day's goals you finished, and your streak."
        />
        <FieldErrors id={fields.weeklySummary.errorId} errors={fields.weeklySummary.errors} />
      </fieldset>
      <div>
        <PendingButton intent="partner-add" pendingLabel="Sending invitation...">
          Send invitation
        </PendingButton>
      </div>
    </AddItemForm>
  );
}
