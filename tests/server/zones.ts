import { TIME_ZONES } from "~/users/user-options";
import { localTime } from "~/utils/time/local-time";

/** The offered zone whose local time is furthest from midnight now, so "today" holds for the test. */
export function zoneAwayFromMidnight(now: Date) {
  const distance = (zone: string) => {
    const [h, m] = localTime(now, zone).split(":").map(Number);
    const minutes = h! * 60 + m!;
    return Math.min(minutes, 24 * 60 - minutes);
  };
  return TIME_ZONES.map((t) => t.value).sort((a, b) => distance(b) - distance(a))[0]!;
}
