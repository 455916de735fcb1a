import { Form } from "@remix-run/react";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RowActionForm } from "~/components/row-action-form";

type Delivery = {
  id: number;
  type: string;
  createdAt: string;
  state: "delivered" | "retrying" | "pending";
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
};

export type WebhookRowData = {
  id: number;
  url: string;
  secret: string;
  disabledAt: string | null;
  disabledReason: string | null;
  deliveries: Delivery[];
};

/** Settings' 'Webhooks': URLs that receive signed JSON, their secrets and their last deliveries. */
export function WebhooksCard({
  webhooks,
  addError,
}: {
  webhooks: WebhookRowData[];
  addError?: { error: string; url: string };
}) {
  return (
    <Card id="webhooks">
      <CardHeader>
        <CardTitle className="text-xl">Webhooks</CardTitle>
        <CardDescription>
          We send signed JSON to your URL when a goal is set, done, skipped or moved, a habit day is
          kept or missed, and a summary is ready. Check each delivery&apos;s signature with the
          webhook&apos;s secret: the API documentation shows how.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {webhooks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No webhooks yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Webhooks">
            {webhooks.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        )}
        <Form method="post" className="grid gap-4 rounded-md border p-4">
          <h3 className="font-semibold">Add a webhook</h3>
          <input type="hidden" name="intent" value="webhook-add" />
          <Field
            id="webhook-url"
            label="URL"
            hint="An https address that answers a POST with a 2xx status."
            errors={addError ? [addError.error] : undefined}
          >
            <Input
              id="webhook-url"
              name="url"
              type="url"
              required
              maxLength={2000}
              placeholder="https://example.com/streakcoach"
              defaultValue={addError?.url}
              aria-invalid={addError ? true : undefined}
              aria-describedby={
                addError ? "webhook-url-hint webhook-url-error" : "webhook-url-hint"
              }
            />
          </Field>
          <div>
            <PendingButton intent="webhook-add" pendingLabel="Adding...">
              Add webhook
            </PendingButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function WebhookRow({ webhook }: { webhook: WebhookRowData }) {
  return (
    <li className="grid gap-3 p-3" data-testid="webhook">
      <p className="user-text break-all font-medium">{webhook.url}</p>
      {webhook.disabledAt ? (
        <p className="text-sm font-medium text-destructive" role="status">
          Disabled on {webhook.disabledAt}. {webhook.disabledReason}
        </p>
      ) : null}
      <p className="text-sm">
        Secret: <code className="break-all rounded bg-muted px-1">{webhook.secret}</code>
      </p>
      <div className="flex flex-wrap gap-2">
        {webhook.disabledAt ? null : (
          <EndpointButton id={webhook.id} intent="webhook-test" label="Send a test event" />
        )}
        <EndpointButton id={webhook.id} intent="webhook-remove" label="Remove" />
      </div>
      {webhook.deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliveries yet.</p>
      ) : (
        <table className="text-left text-sm">
          <caption className="sr-only">Last deliveries to {webhook.url}</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Queued</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {webhook.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{d.type}</td>
                <td>{d.createdAt}</td>
                <td>{deliveryStatus(d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

function EndpointButton({ id, intent, label }: { id: number; intent: string; label: string }) {
  return (
    <RowActionForm intent={intent} idName="endpointId" id={id} pendingLabel={`${label}...`}>
      {label}
    </RowActionForm>
  );
}

function deliveryStatus(d: Delivery) {
  const answer = d.lastStatus ? `answered ${d.lastStatus}` : d.lastError;
  if (d.state === "delivered") return `Delivered (${answer})`;
  if (d.state === "pending") return "Waiting to be sent";
  return `Retrying after ${d.attempts} failed ${d.attempts === 1 ? "attempt" : "attempts"} (${answer})`;
}
