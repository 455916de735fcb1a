import type { SendResult, SentRecord, SmsTransport } from "~/sms/transport.server";

let sidCount = 0;

/** A text provider that keeps what the scheduler asked it to send, as its message log would; passed to runTick. */
export class RecordingTransport implements SmsTransport {
  readonly name = "local" as const;
  readonly sent: { to: string; body: string; sid: string; sentAt: Date }[] = [];

  async send(to: string, body: string): Promise<SendResult> {
    const sid = `SMrecorded${++sidCount}${Date.now()}`;
    this.sent.push({ to, body, sid, sentAt: new Date() });
    return { sid, status: "queued" };
  }

  async listSentSince(to: string, since: Date): Promise<SentRecord[]> {
    return this.sent.filter((m) => m.to === to && m.sentAt >= since);
  }

  async fetchMedia(): Promise<never> {
    throw new Error("the scheduler never fetches media");
  }

  to(phone: string) {
    return this.sent.filter((m) => m.to === phone).map((m) => m.body);
  }
}
