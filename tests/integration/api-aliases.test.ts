import * as chat from "~/routes/api+/chat";
import * as replyToSms from "~/routes/api+/mock.reply-to-sms";
import * as sendEveningSms from "~/routes/api+/mock.send-evening-sms";
import * as sendMorningSms from "~/routes/api+/mock.send-morning-sms";
import * as sendEvening from "~/routes/api+/send-now.evening";
import * as sendMorning from "~/routes/api+/send-now.morning";

// The first URLs of the web chat and send-now stay answered by the very same loader and action.
describe("the /api/mock/... URLs", () => {
  it("are aliases of /api/chat and /api/send-now/{morning,evening}", () => {
    expect(replyToSms.action).toBe(chat.action);
    expect(replyToSms.loader).toBe(chat.loader);
    expect(sendMorningSms.action).toBe(sendMorning.action);
    expect(sendMorningSms.loader).toBe(sendMorning.loader);
    expect(sendEveningSms.action).toBe(sendEvening.action);
    expect(sendEveningSms.loader).toBe(sendEvening.loader);
    expect(sendMorning.action).not.toBe(sendEvening.action);
  });
});
