import { dueSlots, summarySlots } from "./due-times";

// The six main US zones with their UTC offsets in hours, written out by hand so the
// expectations do not depend on the code under test: [standard time, daylight time].
const ZONES = {
  "America/New_York": [-5, -4],
  "America/Chicago": [-6, -5],
  "America/Denver": [-7, -6],
  "America/Los_Angeles": [-8, -7],
  "America/Anchorage": [-9, -8],
  "Pacific/Honolulu": [-10, -10],
} as const;
type Zone = keyof typeof ZONES;
const zoneNames = Object.keys(ZONES) as Zone[];
const std = (zone: Zone) => ZONES[zone][0];
const dst = (zone: Zone) => ZONES[zone][1];

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The UTC instant of a local wall-clock time at a fixed offset. */
function at(day: string, time: string, offsetHours: number) {
  return new Date(Date.parse(`${day}T${time}:00Z`) - offsetHours * HOUR);
}

/** Every slot of a time in the window of one whole local day (midnight before, 23:59 after a change). */
function slotsOfDay(zone: Zone, time: string, day: string, before: number, after: number) {
  return dueSlots(
    zone,
    time,
    new Date(at(day, "00:00", before).getTime() - 1),
    at(day, "23:59", after),
  );
}

const iso = (slots: { localDate: string; dueAt: Date }[]) =>
  slots.map((s) => ({ localDate: s.localDate, dueAt: s.dueAt.toISOString() }));

describe("dueSlots on ordinary days", () => {
  // A winter and a summer day of each year.
  const winter = ["2026-01-14", "2027-01-13"];
  const summer = ["2026-07-15", "2027-07-14"];

  for (const zone of zoneNames) {
    for (const time of ["08:00", "19:00"]) {
      it(`${zone} at ${time} in winter and summer`, () => {
        for (const day of winter) {
          expect(iso(slotsOfDay(zone, time, day, std(zone), std(zone)))).toEqual([
            { localDate: day, dueAt: at(day, time, std(zone)).toISOString() },
          ]);
        }
        for (const day of summer) {
          expect(iso(slotsOfDay(zone, time, day, dst(zone), dst(zone)))).toEqual([
            { localDate: day, dueAt: at(day, time, dst(zone)).toISOString() },
          ]);
        }
      });
    }
  }

  it("gives the exact UTC instants of 08:00 and 19:00 on 2026-07-15", () => {
    const expected: Record<Zone, [string, string]> = {
      "America/New_York": ["2026-07-15T12:00:00.000Z", "2026-07-15T23:00:00.000Z"],
      "America/Chicago": ["2026-07-15T13:00:00.000Z", "2026-07-16T00:00:00.000Z"],
      "America/Denver": ["2026-07-15T14:00:00.000Z", "2026-07-16T01:00:00.000Z"],
      "America/Los_Angeles": ["2026-07-15T15:00:00.000Z", "2026-07-16T02:00:00.000Z"],
      "America/Anchorage": ["2026-07-15T16:00:00.000Z", "2026-07-16T03:00:00.000Z"],
      "Pacific/Honolulu": ["2026-07-15T18:00:00.000Z", "2026-07-16T05:00:00.000Z"],
    };
    const from = new Date("2026-07-15T09:00:00Z");
    const to = new Date("2026-07-16T09:00:00Z");
    for (const zone of zoneNames) {
      const [morning, evening] = expected[zone];
      expect(iso(dueSlots(zone, "08:00", from, to))).toEqual([
        { localDate: "2026-07-15", dueAt: morning },
      ]);
      // The evening of the western zones falls on the next UTC date but belongs to the local day.
      expect(iso(dueSlots(zone, "19:00", from, to))).toEqual([
        { localDate: "2026-07-15", dueAt: evening },
      ]);
    }
  });
});

describe("dueSlots on the DST change days of 2026 and 2027", () => {
  const springForward = ["2026-03-08", "2027-03-14"];
  const fallBack = ["2026-11-01", "2027-11-07"];
  const changing = zoneNames.filter((z) => z !== "Pacific/Honolulu");

  for (const day of springForward) {
    for (const zone of changing) {
      it(`spring-forward ${day} in ${zone}`, () => {
        // 08:00 and 19:00 are already on daylight time.
        for (const time of ["08:00", "19:00"]) {
          expect(iso(slotsOfDay(zone, time, day, std(zone), dst(zone)))).toEqual([
            { localDate: day, dueAt: at(day, time, dst(zone)).toISOString() },
          ]);
        }
        // 02:00-02:59 do not exist: 02:30 (and 02:00) are due at 03:00 daylight time, once.
        const three = at(day, "03:00", dst(zone)).toISOString();
        for (const time of ["02:00", "02:30", "02:59"]) {
          expect(iso(slotsOfDay(zone, time, day, std(zone), dst(zone)))).toEqual([
            { localDate: day, dueAt: three },
          ]);
        }
        // 01:59 still exists, on standard time.
        expect(iso(slotsOfDay(zone, "01:59", day, std(zone), dst(zone)))).toEqual([
          { localDate: day, dueAt: at(day, "01:59", std(zone)).toISOString() },
        ]);
        // A tick at 03:00 local sees the 02:30 slot; the minute before it does not.
        const threeAt = new Date(three);
        expect(dueSlots(zone, "02:30", new Date(threeAt.getTime() - MINUTE), threeAt)).toHaveLength(
          1,
        );
        expect(
          dueSlots(
            zone,
            "02:30",
            new Date(threeAt.getTime() - HOUR),
            new Date(threeAt.getTime() - 1),
          ),
        ).toEqual([]);
      });
    }
  }

  for (const day of fallBack) {
    for (const zone of changing) {
      it(`fall-back ${day} in ${zone}`, () => {
        for (const time of ["08:00", "19:00"]) {
          expect(iso(slotsOfDay(zone, time, day, dst(zone), std(zone)))).toEqual([
            { localDate: day, dueAt: at(day, time, std(zone)).toISOString() },
          ]);
        }
        // 01:00-01:59 happen twice; 01:30 is due once, at its first occurrence (daylight time).
        const first = at(day, "01:30", dst(zone));
        const second = at(day, "01:30", std(zone));
        expect(second.getTime() - first.getTime()).toBe(HOUR);
        expect(iso(slotsOfDay(zone, "01:30", day, dst(zone), std(zone)))).toEqual([
          { localDate: day, dueAt: first.toISOString() },
        ]);
        // A tick whose window covers only the repeated 01:30 finds nothing to send again.
        expect(dueSlots(zone, "01:30", first, new Date(second.getTime() + MINUTE))).toEqual([]);
        // Three days around the change: one slot per local day, never two on the long day.
        const days = dueSlots(
          zone,
          "01:30",
          at(day, "00:00", dst(zone)),
          new Date(at(day, "00:00", dst(zone)).getTime() + 3 * 24 * HOUR),
        );
        expect(days.map((s) => s.localDate)).toHaveLength(
          new Set(days.map((s) => s.localDate)).size,
        );
        expect(days.filter((s) => s.localDate === day)).toHaveLength(1);
      });
    }
  }

  for (const day of [...springForward, ...fallBack]) {
    it(`Honolulu has no change on ${day}`, () => {
      for (const time of ["01:30", "02:30", "08:00", "19:00"]) {
        expect(iso(slotsOfDay("Pacific/Honolulu", time, day, -10, -10))).toEqual([
          { localDate: day, dueAt: at(day, time, -10).toISOString() },
        ]);
      }
    });
  }

  it("gives the exact UTC instants of the 2026 changes in New York", () => {
    expect(iso(slotsOfDay("America/New_York", "02:30", "2026-03-08", -5, -4))).toEqual([
      { localDate: "2026-03-08", dueAt: "2026-03-08T07:00:00.000Z" },
    ]);
    expect(iso(slotsOfDay("America/New_York", "01:30", "2026-11-01", -4, -5))).toEqual([
      { localDate: "2026-11-01", dueAt: "2026-11-01T05:30:00.000Z" },
    ]);
    expect(iso(slotsOfDay("America/New_York", "08:00", "2026-11-01", -4, -5))).toEqual([
      { localDate: "2026-11-01", dueAt: "2026-11-01T13:00:00.000Z" },
    ]);
  });
});

describe("dueSlots windows", () => {
  it("is (from, to]: a slot at `from` was the previous tick's, a slot at `to` is this tick's", () => {
    const due = new Date("2026-07-15T12:00:00Z"); // 08:00 in New York
    expect(dueSlots("America/New_York", "08:00", due, new Date(due.getTime() + MINUTE))).toEqual(
      [],
    );
    expect(
      iso(dueSlots("America/New_York", "08:00", new Date(due.getTime() - MINUTE), due)),
    ).toEqual([{ localDate: "2026-07-15", dueAt: due.toISOString() }]);
  });

  it("yields slots of both local days when the window crosses local midnight", () => {
    // 2026-07-15 07:00 to 2026-07-16 09:00 in Chicago (CDT, UTC-5).
    const from = new Date("2026-07-15T12:00:00Z");
    const to = new Date("2026-07-16T14:00:00Z");
    expect(iso(dueSlots("America/Chicago", "08:00", from, to))).toEqual([
      { localDate: "2026-07-15", dueAt: "2026-07-15T13:00:00.000Z" },
      { localDate: "2026-07-16", dueAt: "2026-07-16T13:00:00.000Z" },
    ]);
    // Half an hour either side of Honolulu's midnight (10:00Z): 23:45 is the 15th, 00:15 the 16th.
    const nearMidnight = [
      new Date("2026-07-16T09:30:00Z"),
      new Date("2026-07-16T10:30:00Z"),
    ] as const;
    expect(iso(dueSlots("Pacific/Honolulu", "23:45", ...nearMidnight))).toEqual([
      { localDate: "2026-07-15", dueAt: "2026-07-16T09:45:00.000Z" },
    ]);
    expect(iso(dueSlots("Pacific/Honolulu", "00:15", ...nearMidnight))).toEqual([
      { localDate: "2026-07-16", dueAt: "2026-07-16T10:15:00.000Z" },
    ]);
  });

  it("keeps the filter of days it is given", () => {
    const from = new Date("2026-07-13T00:00:00Z");
    const to = new Date("2026-07-20T00:00:00Z");
    const all = dueSlots("America/Denver", "08:00", from, to);
    expect(all.map((s) => s.localDate)).toEqual([
      "2026-07-13",
      "2026-07-14",
      "2026-07-15",
      "2026-07-16",
      "2026-07-17",
      "2026-07-18",
      "2026-07-19",
    ]);
    expect(
      dueSlots("America/Denver", "08:00", from, to, (d) => d === "2026-07-16").map(
        (s) => s.localDate,
      ),
    ).toEqual(["2026-07-16"]);
  });
});

describe("summarySlots", () => {
  it("weekly summaries fall on Sundays at 18:00 local only", () => {
    // November 2026: Sundays are the 1st (a fall-back day), 8th, 15th, 22nd and 29th.
    const from = new Date("2026-11-01T00:00:00Z");
    const to = new Date("2026-12-01T12:00:00Z");
    expect(iso(summarySlots("America/New_York", "weekly_summary", from, to))).toEqual([
      { localDate: "2026-11-01", dueAt: "2026-11-01T23:00:00.000Z" },
      { localDate: "2026-11-08", dueAt: "2026-11-08T23:00:00.000Z" },
      { localDate: "2026-11-15", dueAt: "2026-11-15T23:00:00.000Z" },
      { localDate: "2026-11-22", dueAt: "2026-11-22T23:00:00.000Z" },
      { localDate: "2026-11-29", dueAt: "2026-11-29T23:00:00.000Z" },
    ]);
    // Monday to Saturday has none.
    expect(
      summarySlots(
        "America/New_York",
        "weekly_summary",
        new Date("2026-11-23T05:00:00Z"),
        new Date("2026-11-29T04:59:00Z"),
      ),
    ).toEqual([]);
  });

  it("a Sunday summary in Honolulu belongs to the local Sunday though it is Monday in UTC", () => {
    const slots = summarySlots(
      "Pacific/Honolulu",
      "weekly_summary",
      new Date("2026-11-22T00:00:00Z"),
      new Date("2026-11-24T00:00:00Z"),
    );
    expect(iso(slots)).toEqual([{ localDate: "2026-11-22", dueAt: "2026-11-23T04:00:00.000Z" }]);
  });

  it("monthly summaries fall on the 1st at 10:00 local only", () => {
    const from = new Date("2026-10-15T00:00:00Z");
    const to = new Date("2027-01-15T00:00:00Z");
    expect(iso(summarySlots("America/Los_Angeles", "monthly_summary", from, to))).toEqual([
      { localDate: "2026-11-01", dueAt: "2026-11-01T18:00:00.000Z" }, // after fall-back: PST
      { localDate: "2026-12-01", dueAt: "2026-12-01T18:00:00.000Z" },
      { localDate: "2027-01-01", dueAt: "2027-01-01T18:00:00.000Z" },
    ]);
    expect(
      summarySlots(
        "America/Los_Angeles",
        "monthly_summary",
        new Date("2026-12-02T00:00:00Z"),
        new Date("2026-12-31T23:00:00Z"),
      ),
    ).toEqual([]);
  });
});
