// Moved to app-env.ts, with the other helpers a vi.hoisted block uses; kept for tests that import it here.
export { TEST_APP_URL, pointAppAtFakeTwilio } from "./app-env";
