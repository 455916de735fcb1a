import {
  avatarInitials,
  DEFAULT_EVENING_TIME,
  DEFAULT_MORNING_TIME,
  DEFAULT_TIME_ZONE,
  displayName,
  EVENING_TIME_VALUES,
  EVENING_TIMES,
  isAdmin,
  MORNING_TIME_VALUES,
  MORNING_TIMES,
  offeredTimeZoneFor,
  TIME_ZONE_VALUES,
  TIME_ZONES,
} from "./user-options";

describe("displayName", () => {
  it("is the part of the email before the @", () => {
    expect(displayName("jane.doe@example.com")).toBe("jane.doe");
    expect(displayName("a+b@x.io")).toBe("a+b");
  });
});

describe("avatarInitials", () => {
  it("is the first two letters of the email in upper case", () => {
    expect(avatarInitials("jane.doe@example.com")).toBe("JA");
    expect(avatarInitials("Bo@example.com")).toBe("BO");
    expect(avatarInitials("x@example.com")).toBe("X@");
  });
});

describe("check-in time options", () => {
  it("offer 06:00 to 11:00 hourly in the morning, with AM labels", () => {
    expect(MORNING_TIMES).toEqual([
      { value: "06:00", label: "6:00 AM" },
      { value: "07:00", label: "7:00 AM" },
      { value: "08:00", label: "8:00 AM" },
      { value: "09:00", label: "9:00 AM" },
      { value: "10:00", label: "10:00 AM" },
      { value: "11:00", label: "11:00 AM" },
    ]);
    expect(MORNING_TIME_VALUES).toEqual(MORNING_TIMES.map((t) => t.value));
  });

  it("offer 17:00 to 22:00 hourly in the evening, with PM labels", () => {
    expect(EVENING_TIMES).toEqual([
      { value: "17:00", label: "5:00 PM" },
      { value: "18:00", label: "6:00 PM" },
      { value: "19:00", label: "7:00 PM" },
      { value: "20:00", label: "8:00 PM" },
      { value: "21:00", label: "9:00 PM" },
      { value: "22:00", label: "10:00 PM" },
    ]);
    expect(EVENING_TIME_VALUES).toEqual(EVENING_TIMES.map((t) => t.value));
  });

  it("default to 08:00 and 19:00, which are among the options", () => {
    expect(DEFAULT_MORNING_TIME).toBe("08:00");
    expect(DEFAULT_EVENING_TIME).toBe("19:00");
    expect(MORNING_TIME_VALUES).toContain(DEFAULT_MORNING_TIME);
    expect(EVENING_TIME_VALUES).toContain(DEFAULT_EVENING_TIME);
  });
});

describe("time zone options", () => {
  it("are the six US zones the product serves first, then Arizona and Puerto Rico", () => {
    expect(TIME_ZONE_VALUES).toEqual([
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
      "America/Phoenix",
      "America/Puerto_Rico",
    ]);
    expect(TIME_ZONES.map((t) => t.label)).toEqual([
      expect.stringMatching(/^Eastern/),
      expect.stringMatching(/^Central/),
      expect.stringMatching(/^Mountain/),
      expect.stringMatching(/^Pacific/),
      expect.stringMatching(/^Alaska/),
      expect.stringMatching(/^Hawaii-Aleutian/),
      expect.stringMatching(/^Arizona/),
      expect.stringMatching(/^Atlantic/),
    ]);
  });

  it("are real IANA zones", () => {
    for (const zone of TIME_ZONE_VALUES) {
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone })).not.toThrow();
    }
  });

  it("default to America/New_York", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
  });
});

describe("isAdmin", () => {
  it("is true only when the roles list contains 'admin'", () => {
    expect(isAdmin({ roles: ["admin"] })).toBe(true);
    expect(isAdmin({ roles: ["coach", "admin"] })).toBe(true);
    expect(isAdmin({ roles: [] })).toBe(false);
    expect(isAdmin({ roles: ["Admin", "administrator"] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe("offeredTimeZoneFor", () => {
  it("is the browser's zone when it is offered", () => {
    for (const zone of TIME_ZONE_VALUES) expect(offeredTimeZoneFor(zone, 2026)).toBe(zone);
  });

  it("is the offered zone that keeps the same clock all year", () => {
    expect(offeredTimeZoneFor("America/Detroit", 2026)).toBe("America/New_York");
    expect(offeredTimeZoneFor("America/Indiana/Indianapolis", 2026)).toBe("America/New_York");
    expect(offeredTimeZoneFor("America/Menominee", 2026)).toBe("America/Chicago");
    expect(offeredTimeZoneFor("America/Boise", 2026)).toBe("America/Denver");
    expect(offeredTimeZoneFor("America/Juneau", 2026)).toBe("America/Anchorage");
    expect(offeredTimeZoneFor("America/Creston", 2026)).toBe("America/Phoenix");
  });

  it("is null for a zone no offered one matches, and for a name that is no zone", () => {
    expect(offeredTimeZoneFor("Europe/London", 2026)).toBeNull();
    expect(offeredTimeZoneFor("Asia/Kolkata", 2026)).toBeNull();
    expect(offeredTimeZoneFor("UTC", 2026)).toBeNull();
    expect(offeredTimeZoneFor("Mars/Olympus_Mons", 2026)).toBeNull();
    expect(offeredTimeZoneFor("", 2026)).toBeNull();
  });
});
