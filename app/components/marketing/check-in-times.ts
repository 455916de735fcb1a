import {
  DEFAULT_EVENING_TIME,
  DEFAULT_MORNING_TIME,
  EVENING_TIMES,
  MORNING_TIMES,
} from "~/users/user-options";

type TimeOption = { value: string; label: string };

function labelOf(options: readonly TimeOption[], value: string) {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** The check-in times as the sign-up form offers them, in words ("8:00 AM"). */
export const CHECK_IN_TIMES = {
  morning: labelOf(MORNING_TIMES, DEFAULT_MORNING_TIME),
  evening: labelOf(EVENING_TIMES, DEFAULT_EVENING_TIME),
  morningFirst: MORNING_TIMES[0]!.label,
  morningLast: MORNING_TIMES[MORNING_TIMES.length - 1]!.label,
  eveningFirst: EVENING_TIMES[0]!.label,
  eveningLast: EVENING_TIMES[EVENING_TIMES.length - 1]!.label,
};
