// Shared by the verification forms and their action (a page may not import server code).

/** The field a verification form sets once JavaScript runs: a JSON answer's toast then shows. */
export const VIA_FIELD = { name: "via", value: "script" } as const;

/** What the page gets back after a wrong code that can be tried again. */
export type VerifyCodeFailure = { intent: "verify-code"; error: string };
