import { createHmac } from "node:crypto";
import { signedHeaders, signatureOf, verifySignature } from "./webhook-signature";

const secret = "whsec_test";
const body = JSON.stringify({ id: "evt_1", type: "goal.done" });

describe("webhook signatures", () => {
  it("is an HMAC-SHA256 of id, timestamp and body, as docs/api.md tells receivers to compute it", () => {
    const expected = createHmac("sha256", secret).update(`evt_1.1700000000.${body}`).digest("hex");
    expect(signatureOf(secret, "evt_1", 1700000000, body)).toBe(expected);
    expect(signedHeaders(secret, "evt_1", 1700000000, body)).toEqual({
      "StreakCoach-Event-Id": "evt_1",
      "StreakCoach-Timestamp": "1700000000",
      "StreakCoach-Signature": `t=1700000000,v1=${expected}`,
    });
  });

  it("verifies its own headers and refuses any change of body, id, secret or an old timestamp", () => {
    const header = signedHeaders(secret, "evt_1", 1700000000, body)["StreakCoach-Signature"];
    expect(verifySignature(secret, "evt_1", header, body, 1700000010)).toBe(true);
    expect(verifySignature(secret, "evt_1", header, body + " ", 1700000010)).toBe(false);
    expect(verifySignature(secret, "evt_2", header, body, 1700000010)).toBe(false);
    expect(verifySignature("whsec_other", "evt_1", header, body, 1700000010)).toBe(false);
    expect(verifySignature(secret, "evt_1", header, body, 1700000000 + 301)).toBe(false);
    expect(verifySignature(secret, "evt_1", "t=1700000000,v1=00", body, 1700000000)).toBe(false);
  });
});
