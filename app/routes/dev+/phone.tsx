import { randomBytes } from "node:crypto";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod, readFormData } from "~/utils/forms/forms.server";
import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { PageShell } from "~/components/page";
import { PendingButton } from "~/components/pending-button";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { receiveInboundSms } from "~/conversation/inbound.server";
import { MAX_MEDIA_BYTES } from "~/sms/media-limits";
import { normalizePhone, ReplySchema } from "~/dev-phone/dev-phone-schema.server";
import {
  devPhoneNumbers,
  devPhoneThread,
  keepTextFromNumberWithoutOwner,
} from "~/dev-phone/dev-phone.server";
import type { DevPhoneText } from "~/dev-phone/dev-phone.server";
import { env } from "~/utils/env/env.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { cn } from "~/utils/page/cn";
import { IMAGE_UPLOAD_BODY_LIMIT, type BodyLimitHandle } from "~/utils/requests/body-limits";
import { errorFields, logger } from "~/observability/logger.server";

export const handle: BodyLimitHandle = { maxBodyBytes: IMAGE_UPLOAD_BODY_LIMIT };

export const meta: MetaFunction = () => [
  { title: "Development phone | StreakCoach" },
  { name: "robots", content: "noindex" },
];

/**
 * The development phone exists only with the local transport (nothing leaves the machine) and outside
 * production, unless DEV_PHONE_ENABLED=true lets a production build used by the end-to-end tests have
 * it: env.devPhoneEnabled is `SMS_TRANSPORT === "local" && (NODE_ENV !== "production" ||
 * DEV_PHONE_ENABLED)`. Anywhere else the page does not exist, for the loader and the action alike.
 */
function requireDevPhone() {
  if (!env.devPhoneEnabled) throw new Response("Not found", { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireDevPhone();
  const raw = new URL(request.url).searchParams.get("phone")?.trim() ?? "";
  const phone = raw ? normalizePhone(raw) : null;
  const numbers = devPhoneNumbers();
  if (!phone) {
    return json({
      numbers,
      raw,
      phone: null,
      error: raw ? "Enter a phone number, e.g. 2015550123 or +12015550123." : null,
      account: null,
      thread: [] as DevPhoneText[],
    });
  }
  return json({ numbers, raw, phone, error: null, ...devPhoneThread(phone) });
}

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

export async function action({ request }: ActionFunctionArgs) {
  requireDevPhone();
  await ensurePrimary();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ReplySchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { phone, message } = submission.value;

  // An optional photo goes in as a data: URL, which the local transport's media download reads like
  // any other URL: the photo takes the same path as an MMS.
  const media: { url: string; contentType: string }[] = [];
  const photo = formData.get("photo");
  if (photo && typeof photo === "object" && photo.size > 0) {
    const type = photo.type.toLowerCase();
    if (!IMAGE_TYPES.has(type) || photo.size > MAX_MEDIA_BYTES) {
      return json(
        submission.reply({
          fieldErrors: { photo: ["Choose a JPEG, PNG, GIF or WebP image of at most 5 MB"] },
        }),
        { status: 400 },
      );
    }
    const bytes = Buffer.from(await photo.arrayBuffer());
    media.push({ url: `data:${type};base64,${bytes.toString("base64")}`, contentType: type });
  }
  if (!message && media.length === 0) {
    return json(submission.reply({ fieldErrors: { message: ["Type a message or add a photo"] } }), {
      status: 400,
    });
  }

  keepTextFromNumberWithoutOwner(phone, message);
  try {
    await receiveInboundSms({
      from: phone,
      body: message,
      messageSid: `SMdev${randomBytes(16).toString("hex")}`,
      media,
    });
  } catch (error) {
    logger.error({ err: errorFields(error) }, "dev phone: inbound text failed");
    return json(
      submission.reply({
        formErrors: [`The text could not be handled: ${(error as Error).message}`],
      }),
      { status: 502 },
    );
  }
  return redirect(`/dev/phone?${new URLSearchParams({ phone })}`);
}

export default function DevPhonePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageShell title="Development phone">
      <p className="mb-6 max-w-3xl text-sm text-muted-foreground">
        Texts sent with the local transport land here instead of on a real phone. Pick a number to
        read what it received, and reply as that phone: the reply takes the real inbound path (the
        same as a text from Twilio).
      </p>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <PickNumber />
        {data.phone ? <Thread key={data.phone} /> : null}
      </div>
    </PageShell>
  );
}

function PickNumber() {
  const { numbers, raw, phone, error } = useLoaderData<typeof loader>();
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="text-xl">Phone number</CardTitle>
        <CardDescription>Any number; known ones are listed below.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form method="get" className="grid gap-2">
          <Field id="dev-phone-number" label="Number" errors={error ? [error] : undefined}>
            <Input
              id="dev-phone-number"
              name="phone"
              type="tel"
              list="dev-phone-numbers"
              defaultValue={phone ?? raw}
              placeholder="+12015550123"
              required
            />
          </Field>
          <datalist id="dev-phone-numbers">
            {numbers.map((n) => (
              <option key={n.phone} value={n.phone}>
                {n.email ?? "no account"}
              </option>
            ))}
          </datalist>
          <button type="submit" className={buttonClass("outline")}>
            Open
          </button>
        </Form>
        {numbers.length ? (
          <ul className="grid gap-1 text-sm" aria-label="Known numbers">
            {numbers.map((n) => (
              <li key={n.phone}>
                <Link
                  to={`/dev/phone?${new URLSearchParams({ phone: n.phone })}`}
                  className={cn(
                    "block rounded-md px-2 py-1 hover:bg-accent",
                    n.phone === phone && "bg-accent font-semibold",
                  )}
                >
                  {n.phone}
                  <span className="block text-xs text-muted-foreground">
                    {n.email ?? "no account"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No numbers yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

function Thread() {
  const { phone, account, thread } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ReplySchema>>({
    id: "dev-phone-reply",
    lastResult,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{phone}</CardTitle>
        <CardDescription>
          {account?.email
            ? `Account ${account.email}, phone ${account.verified ? "verified" : "not verified"}`
            : "No account has this number"}
          {account?.optedOut ? "; opted out (STOP)" : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {thread.length ? (
          <ol className="grid gap-3" aria-label="Texts" data-testid="dev-phone-thread">
            {thread.map((t) => (
              <li
                key={t.key}
                data-direction={t.direction}
                className={cn(
                  "flex flex-col gap-1",
                  t.direction === "sent" ? "items-end" : "items-start",
                )}
              >
                <div
                  className={cn(
                    "max-w-[85%] whitespace-pre-wrap rounded-2xl px-4 py-2 text-sm",
                    t.direction === "sent" ? "bg-blue-700 text-white" : "bg-muted text-foreground",
                  )}
                >
                  {t.body}
                  {t.media.length ? (
                    <span className="mt-1 block text-xs opacity-80">
                      [{t.media.length} {t.media.length === 1 ? "photo" : "photos"}]
                    </span>
                  ) : null}
                </div>
                <span className="text-xs text-muted-foreground">
                  {t.direction === "sent" ? "Sent" : "Received"}{" "}
                  <time dateTime={t.at}>{t.time}</time>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">This number has no texts yet.</p>
        )}
        {/* A new text in the thread means the last one went: a fresh, empty form (with JavaScript). */}
        <Form
          key={thread.length}
          method="post"
          encType="multipart/form-data"
          className="grid gap-4 border-t pt-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="phone" value={phone ?? ""} />
          {form.errors?.length ? (
            <div role="alert" className="rounded-md border border-destructive p-3">
              <FieldErrors id={form.errorId} errors={form.errors} />
            </div>
          ) : null}
          <Field id={fields.message.id} label="Message" errors={fields.message.errors}>
            <textarea
              {...getTextareaProps(fields.message)}
              rows={3}
              className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </Field>
          <Field id="dev-phone-photo" label="Photo (optional)" errors={fields.photo?.errors}>
            <Input
              {...getInputProps(fields.photo, { type: "file" })}
              id="dev-phone-photo"
              accept="image/jpeg,image/png,image/gif,image/webp"
            />
          </Field>
          <div>
            <PendingButton pendingLabel="Sending...">Send as this phone</PendingButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
