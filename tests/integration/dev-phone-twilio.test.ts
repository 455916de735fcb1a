import * as devPhone from "~/routes/dev+/phone";
import { call, makeRequest } from "../helpers/requests";
import { db, schema } from "~/utils/db/db.server";
// With the Twilio transport the development phone does not exist. The environment is read when the
// app's modules load, so it is set in a block vitest runs before the imports.
await vi.hoisted(async () => {
  const { setAppEnv } = await import("../helpers/app-env");
  setAppEnv({
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "test-auth-token",
    TWILIO_FROM_NUMBER: "+12015550100",
  });
});

describe("/dev/phone with the Twilio transport", () => {
  it("is not found, for the page and for a reply", async () => {
    const page = await call(devPhone.loader, makeRequest("/dev/phone?phone=%2B12015550123"));
    expect(page.status).toBe(404);

    const body = new FormData();
    body.set("phone", "+12015550123");
    body.set("message", "STOP");
    const post = await call(devPhone.action, makeRequest("/dev/phone", { method: "POST", body }));
    expect(post.status).toBe(404);
    expect(db.select().from(schema.inboundReceipts).all()).toHaveLength(0);
    expect(db.select().from(schema.smsOptOuts).all()).toHaveLength(0);
  });
});
