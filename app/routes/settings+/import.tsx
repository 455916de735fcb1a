import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { PendingButton } from "~/components/pending-button";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LOOP_FILE_MAX_BYTES } from "~/habits/loop/loop-habits";
import { CHOOSE_A_FILE, importLoopUpload } from "~/habits/loop/loop-upload.server";
import { readLoopUploadForm } from "~/habits/loop/loop-upload-form.server";
import { requireUser } from "~/http/session.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { pageMeta } from "~/utils/page/meta";
import { LOOP_UPLOAD_BODY_LIMIT, type BodyLimitHandle } from "~/utils/requests/body-limits";
import { HISTORY_FIRST_DAY } from "~/utils/time/date-window";
import { formatLocalDay } from "~/utils/time/format";

export const handle: BodyLimitHandle = { maxBodyBytes: LOOP_UPLOAD_BODY_LIMIT, streamsBody: true };

export const meta: MetaFunction = () =>
  pageMeta(
    "Import & export · Settings",
    "Bring your habits from Loop Habit Tracker, or take them back to it.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const user = await requireUser(request);
  // Only a file upload is read: a 10 MB body of any other kind is refused before it is held in memory.
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? ""))
    return json({ ok: false, message: CHOOSE_A_FILE } as const, { status: 400 });
  const upload = await readLoopUploadForm(request);
  if ("refusal" in upload)
    return json({ ok: false, message: upload.refusal } as const, { status: 400 });
  const outcome = await importLoopUpload(user, upload.file);
  return json(outcome, { status: outcome.ok ? 200 : 400 });
}

export default function ImportSettingsPage() {
  return (
    <div className="grid gap-6">
      <ImportCard />
      <ExportCard />
    </div>
  );
}

function ImportCard() {
  const outcome = useActionData<typeof action>();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Import from Loop Habit Tracker</CardTitle>
        <CardDescription>
          In Loop, use Settings → Export full backup (a .db file) or Export as CSV (a .zip file),
          then upload that file here. Your habits, their schedules, targets and every day from{" "}
          {formatLocalDay(HISTORY_FIRST_DAY)} on come across; importing the same file again changes
          nothing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:max-w-md">
          <div className="grid gap-2">
            <label htmlFor="loop-file" className="text-sm font-medium">
              Loop file (at most {LOOP_FILE_MAX_BYTES / 1024 / 1024} MB)
            </label>
            <input
              id="loop-file"
              name="file"
              type="file"
              required
              accept=".db,.zip,application/zip,application/vnd.sqlite3,application/octet-stream"
              aria-describedby={outcome ? "import-outcome" : undefined}
              className="text-sm"
            />
          </div>
          {outcome ? (
            <p
              id="import-outcome"
              role={outcome.ok ? "status" : "alert"}
              className={outcome.ok ? "text-sm" : "text-sm text-destructive"}
            >
              {outcome.message}
            </p>
          ) : null}
          <div>
            <PendingButton pendingLabel="Importing...">Import</PendingButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ExportCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Export to Loop Habit Tracker</CardTitle>
        <CardDescription>
          Your habits and their days in Loop&apos;s own formats. In Loop, use Settings → Import data
          and pick the file.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <a href="/settings/loop-backup.db" download className={buttonClass("outline")}>
          Download a Loop backup (.db)
        </a>
        <a href="/settings/loop-csv.zip" download className={buttonClass("outline")}>
          Download a Loop CSV export (.zip)
        </a>
      </CardContent>
    </Card>
  );
}
