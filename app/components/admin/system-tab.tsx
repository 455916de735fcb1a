import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export type SystemTabData = {
  version: string;
  fly: { region: string | null; machineId: string | null; image: string | null };
  database: { bytes: number; label: string };
  liteFsRole: string;
  smsTransport: string;
  texts: { day: string; timeZoneLabel: string; sent: number; failed: number };
  lastTick: {
    at: string;
    atLabel: string;
    finished: boolean;
    claimed: number;
    sent: number;
    failed: number;
  } | null;
  cronEnabled: boolean;
  backup: {
    stale: boolean;
    intervalHours: number;
    at: string | null;
    atLabel: string | null;
    size: string | null;
    store: string;
    lastError: string | null;
  };
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-3 last:border-0 sm:grid-cols-[14rem_1fr]">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export function SystemTab({ data }: { data: SystemTabData }) {
  const { fly, lastTick } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">System status</CardTitle>
      </CardHeader>
      <CardContent>
        <dl data-testid="system-status">
          <Item label="App version">{data.version}</Item>
          {fly.region || fly.machineId || fly.image ? (
            <Item label="Fly machine">
              {[fly.region, fly.machineId, fly.image].filter(Boolean).join(" · ")}
            </Item>
          ) : null}
          <Item label="Database size">
            <span title={`${data.database.bytes} bytes`}>{data.database.label}</span>
          </Item>
          <Item label="LiteFS role">{data.liteFsRole}</Item>
          <Item label="SMS transport">{data.smsTransport}</Item>
          <Item label={`Texts today (${data.texts.timeZoneLabel})`}>
            {data.texts.sent} sent, {data.texts.failed} failed
          </Item>
          <Item label="Last scheduler tick">
            {lastTick ? (
              <>
                <time dateTime={lastTick.at}>
                  {lastTick.atLabel} ({data.texts.timeZoneLabel})
                </time>
                {lastTick.finished ? "" : " (still running)"}: {lastTick.claimed} claimed,{" "}
                {lastTick.sent} sent, {lastTick.failed} failed
              </>
            ) : (
              "No tick yet"
            )}
          </Item>
          <Item label="Scheduler cron">{data.cronEnabled ? "enabled" : "disabled"}</Item>
          <Item label="Last backup">
            <span className={data.backup.stale ? "font-semibold text-destructive" : undefined}>
              {data.backup.intervalHours === 0
                ? "Backups are off (BACKUP_INTERVAL_HOURS=0)"
                : data.backup.at
                  ? `${data.backup.atLabel} (${data.texts.timeZoneLabel}), ${data.backup.size}, to ${data.backup.store}`
                  : "No backup yet"}
              {data.backup.stale && data.backup.at
                ? ` — older than ${data.backup.intervalHours * 2} hours`
                : ""}
              {data.backup.lastError ? ` — last try failed: ${data.backup.lastError}` : ""}
            </span>
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}
