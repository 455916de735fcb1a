import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { toUsE164 } from "./phone";
import { EVENING_TIME_VALUES, MORNING_TIME_VALUES, TIME_ZONE_VALUES } from "./user-options";
import { LoginSchema, messages, phone, RegisterSchema, SettingsSchema } from "./user-schema";

/** The messages zod gives per field, keyed like the API's `errors` object. */
function errorsOf(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
  }
  return errors;
}

const validRegistration = {
  email: "new.user@example.com",
  password: "long enough password",
  phone: "2015550123",
  terms: true,
};

describe("LoginSchema", () => {
  it("accepts a valid email and a 6-character password, lower-casing and trimming the email", () => {
    expect(LoginSchema.parse({ email: "  Jane@Example.COM ", password: "123456" })).toMatchObject({
      email: "jane@example.com",
      password: "123456",
    });
  });

  it.each(["", "jane", "jane@", "@example.com", "jane example.com", "jane@@example.com"])(
    "refuses the email %j with 'Please enter a valid email address'",
    (email) => {
      expect(errorsOf(LoginSchema, { email, password: "123456" }).email).toEqual([
        "Please enter a valid email address",
      ]);
    },
  );

  it("refuses a password shorter than 6 characters with 'Password must be at least 6 characters'", () => {
    expect(errorsOf(LoginSchema, { email: "jane@example.com", password: "12345" })).toEqual({
      password: ["Password must be at least 6 characters"],
    });
    expect(messages.passwordShort).toBe("Password must be at least 6 characters");
  });

  it("names each missing field", () => {
    const errors = errorsOf(LoginSchema, {});
    expect(Object.keys(errors).sort()).toEqual(["email", "password"]);
  });

  it("gives the same messages through the form parser (conform) the pages use", () => {
    const form = new FormData();
    form.set("email", "not-an-email");
    form.set("password", "abc");
    const submission = parseWithZod(form, { schema: LoginSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toMatchObject({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
    });
  });
});

describe("RegisterSchema", () => {
  it("applies the sign-up defaults: zone, morning and evening times, reminders and summaries on", () => {
    expect(RegisterSchema.parse(validRegistration)).toEqual({
      email: "new.user@example.com",
      password: "long enough password",
      phone: "+12015550123",
      timezone: "America/New_York",
      preferredCheckInTimeMorning: "08:00",
      preferredCheckInTimeEvening: "19:00",
      sendCheckInReminders: true,
      receiveWeeklySummary: true,
      terms: true,
    });
  });

  it("keeps the choices that were made", () => {
    expect(
      RegisterSchema.parse({
        ...validRegistration,
        timezone: "Pacific/Honolulu",
        preferredCheckInTimeMorning: "06:00",
        preferredCheckInTimeEvening: "22:00",
        sendCheckInReminders: false,
        receiveWeeklySummary: false,
      }),
    ).toMatchObject({
      timezone: "Pacific/Honolulu",
      preferredCheckInTimeMorning: "06:00",
      preferredCheckInTimeEvening: "22:00",
      sendCheckInReminders: false,
      receiveWeeklySummary: false,
    });
  });

  it.each([false, undefined, "true", "on"])(
    "refuses terms=%j with 'You must agree to the terms and conditions'",
    (terms) => {
      expect(errorsOf(RegisterSchema, { ...validRegistration, terms })).toEqual({
        terms: ["You must agree to the terms and conditions"],
      });
    },
  );

  it("requires email, password and phone", () => {
    const errors = errorsOf(RegisterSchema, { terms: true });
    expect(Object.keys(errors).sort()).toEqual(["email", "password", "phone"]);
  });

  it("refuses an invalid email with 'Please enter a valid email address'", () => {
    expect(errorsOf(RegisterSchema, { ...validRegistration, email: "nope" })).toEqual({
      email: ["Please enter a valid email address"],
    });
  });

  it("refuses a short new password", () => {
    expect(errorsOf(RegisterSchema, { ...validRegistration, password: "1234567" })).toEqual({
      password: [messages.passwordNewShort],
    });
  });

  it("ignores a roles field (registration never grants a role)", () => {
    const parsed = RegisterSchema.parse({ ...validRegistration, roles: ["admin"] });
    expect(parsed).not.toHaveProperty("roles");
  });

  it.each([
    ["Europe/London", "timezone", "Please choose a time zone"],
    ["Europe/Paris", "timezone", "Please choose a time zone"],
  ])("refuses the time zone %j", (value, field, message) => {
    expect(errorsOf(RegisterSchema, { ...validRegistration, [field]: value })).toEqual({
      [field]: [message],
    });
  });

  it.each(["05:00", "12:00", "08:30", "8:00", "19:00"])(
    "refuses the morning check-in time %j",
    (value) => {
      expect(
        errorsOf(RegisterSchema, { ...validRegistration, preferredCheckInTimeMorning: value }),
      ).toEqual({ preferredCheckInTimeMorning: ["Please choose a morning check-in time"] });
    },
  );

  it.each(["16:00", "23:00", "19:30", "08:00"])("refuses the evening check-in time %j", (value) => {
    expect(
      errorsOf(RegisterSchema, { ...validRegistration, preferredCheckInTimeEvening: value }),
    ).toEqual({ preferredCheckInTimeEvening: ["Please choose an evening check-in time"] });
  });

  it.each(TIME_ZONE_VALUES)("accepts the offered time zone %s", (timezone) => {
    expect(RegisterSchema.parse({ ...validRegistration, timezone }).timezone).toBe(timezone);
  });

  it.each(MORNING_TIME_VALUES)("accepts the offered morning time %s", (value) => {
    expect(
      RegisterSchema.parse({ ...validRegistration, preferredCheckInTimeMorning: value })
        .preferredCheckInTimeMorning,
    ).toBe(value);
  });

  it.each(EVENING_TIME_VALUES)("accepts the offered evening time %s", (value) => {
    expect(
      RegisterSchema.parse({ ...validRegistration, preferredCheckInTimeEvening: value })
        .preferredCheckInTimeEvening,
    ).toBe(value);
  });

  it("parses the registration form (checkbox 'on', strings) the way the page submits it", () => {
    const form = new FormData();
    form.set("email", "form@example.com");
    form.set("password", "long enough password");
    form.set("phone", "(201) 555-0123");
    form.set("timezone", "America/Chicago");
    form.set("preferredCheckInTimeMorning", "07:00");
    form.set("preferredCheckInTimeEvening", "21:00");
    form.set("terms", "on");
    const submission = parseWithZod(form, { schema: RegisterSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      phone: "+12015550123",
      timezone: "America/Chicago",
      terms: true,
    });

    form.delete("terms");
    const refused = parseWithZod(form, { schema: RegisterSchema });
    expect(refused.reply().error).toMatchObject({
      terms: ["You must agree to the terms and conditions"],
    });
  });
});

describe("phone rule", () => {
  it.each([
    ["(201) 555-0123", "+12015550123"],
    ["201-555-0123", "+12015550123"],
    ["+1 201 555 0123", "+12015550123"],
    ["2015550123", "+12015550123"],
    ["12015550123", "+12015550123"],
    ["212 555 0199", "+12125550199"],
    ["  201.555.0123  ", "+12015550123"],
  ])("turns %j into E.164 %s", (input, e164) => {
    expect(phone.parse(input)).toBe(e164);
    expect(RegisterSchema.parse({ ...validRegistration, phone: input }).phone).toBe(e164);
  });

  it.each(["123", "201555012", "+1 201 55"])(
    "refuses %j (under 10 digits) with the length message",
    (input) => {
      expect(errorsOf(phone, input)).toEqual({
        body: ["Phone number must be 10 to 15 digits"],
      });
    },
  );

  it("counts the length without spaces, dashes and brackets", () => {
    expect(phone.parse("+1 (201) 555-0123")).toBe("+12015550123");
    expect(errorsOf(phone, "201 555 012")).toEqual({
      body: ["Phone number must be 10 to 15 digits"],
    });
  });

  it("counts digits: a leading + is not one", () => {
    expect(errorsOf(phone, "+201555012")).toEqual({
      body: ["Phone number must be 10 to 15 digits"],
    });
  });

  it("refuses more than 15 digits with the length message", () => {
    expect(errorsOf(phone, "2015550123456789")).toEqual({
      body: ["Phone number must be 10 to 15 digits"],
    });
  });

  it("refuses the UK number +44 20 7946 0958 in any spelling", () => {
    expect(phone.safeParse("+44 20 7946 0958").success).toBe(false);
    expect(errorsOf(phone, "+442079460958")).toEqual({
      body: ["Please enter a valid US mobile number"],
    });
    expect(toUsE164("+44 20 7946 0958")).toBeNull();
  });

  it.each([
    ["+1 416 555 0123", "a Canadian number"],
    ["5551234567", "the placeholder, not a real number"],
    ["(800) 555-0123", "a toll-free number"],
    ["0000000000", "no area code"],
    ["abcdefghij", "letters"],
  ])("refuses %j (%s) as not a valid US number", (input) => {
    expect(errorsOf(phone, input)).toEqual({ body: ["Please enter a valid US mobile number"] });
  });

  it("is 10 to 15 digits in the registration errors too", () => {
    expect(errorsOf(RegisterSchema, { ...validRegistration, phone: "12345" })).toEqual({
      phone: ["Phone number must be 10 to 15 digits"],
    });
  });
});

describe("SettingsSchema", () => {
  it("accepts an empty update (all fields optional) and adds no defaults", () => {
    expect(SettingsSchema.parse({})).toEqual({});
  });

  it("validates the fields it is given with the form messages", () => {
    expect(
      errorsOf(SettingsSchema, {
        email: "bad",
        phone: "+442079460958",
        timezone: "Mars/Base",
        sendCheckInReminders: "yes",
      }),
    ).toMatchObject({
      email: ["Please enter a valid email address"],
      phone: ["Please enter a valid US mobile number"],
      timezone: ["Please choose a time zone"],
      sendCheckInReminders: [expect.any(String)],
    });
  });

  it("normalises a phone update to E.164 and drops unknown keys such as roles", () => {
    expect(SettingsSchema.parse({ phone: "212-555-0199", roles: ["admin"] })).toEqual({
      phone: "+12125550199",
    });
  });
});
