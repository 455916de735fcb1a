import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { askMorningQuestion, pendingPhase } from "~/conversation/inbound.server";
import { getUserById } from "~/users/users.server";

// Send-now's question is stored with the prompt it opens, in one write, and then sent (decision 0017):
// like a scheduled question, it is awaited while Twilio has not answered yet, so an answer the user
// texts in that time is read as the answer to it. The fake holds its answer to show that moment.

const { twilioEnv, fake } = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilio } = await import("../helpers/app-env");
  const twilioEnv = await pointAppAtFakeTwilio({
    accountSid: `AC${"8".repeat(32)}`,
    authToken: "fake-auth-token-send-now",
    from: "+12015550188",
  });
  const { fake } = twilioEnv;
  return { twilioEnv, fake };
});

afterAll(async () => {
  fake.answerAll();
  await twilioEnv.restore();
});

beforeEach(() => fake.reset());

async function verifiedUser() {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  return getUserById(created.id)!;
}

describe("a question sent now", () => {
  it("is awaited from its write, before Twilio has answered the send", async () => {
    const user = await verifiedUser();
    fake.holdAnswers();
    const asking = askMorningQuestion(user);
    await vi.waitFor(() => expect(fake.messages).toHaveLength(1));
    expect(pendingPhase(getUserById(user.id)!)).toBe("morning");

    fake.answerAll();
    expect(await asking).toMatchObject({ sent: true });
    expect(pendingPhase(getUserById(user.id)!)).toBe("morning");
  });

  it("is not awaited when Twilio refuses it", async () => {
    const user = await verifiedUser();
    fake.failNext({ status: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    expect(await askMorningQuestion(user)).toMatchObject({ sent: false });
    expect(pendingPhase(getUserById(user.id)!)).toBe("none");
  });
});
