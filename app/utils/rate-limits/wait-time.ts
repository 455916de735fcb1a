/** "1 minute", "45 minutes", "3 hours": how long to wait, rounded up. */
export function waitTime(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return `${Math.ceil(minutes / 60)} hours`;
}
