// The day's numbers (conventions v4): each goal keeps one number all day. Inside the reader goals
// are positions 1..n as shown; a typed number is a day number, and every number in an answer is one.

/** The day number of each goal shown, in order; 1 to n when none (or a list that does not fit) is given. */
export function dayNumbersOf(goalCount: number, numbers?: readonly number[]): number[] {
  const valid =
    numbers !== undefined &&
    numbers.length === goalCount &&
    numbers.every((n) => Number.isInteger(n) && n >= 1) &&
    new Set(numbers).size === numbers.length;
  return valid ? [...numbers] : Array.from({ length: goalCount }, (_, i) => i + 1);
}

/** The position (1-based, as shown) of the goal a typed number names, or undefined: no such goal. */
export function positionOfNumber(typed: number, numbers: readonly number[]): number | undefined {
  const index = numbers.indexOf(typed);
  return index < 0 ? undefined : index + 1;
}

/** The day numbers of goals given by position, in ascending order. */
export function dayNumbersAt(positions: readonly number[], numbers: readonly number[]): number[] {
  return positions
    .map((p) => numbers[p - 1])
    .filter((n): n is number => n !== undefined)
    .sort((a, b) => a - b);
}
