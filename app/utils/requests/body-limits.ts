// Shared by route modules (their `handle`) and the request guard; no server code here.
const KB = 1024;
const MB = 1024 * KB;

/** What a form or JSON body may weigh when a route says nothing: no form of ours comes close. */
export const DEFAULT_BODY_LIMIT = 64 * KB;
/** Forms that carry one image (blog editor, development phone): the 5 MB image and the other fields. */
export const IMAGE_UPLOAD_BODY_LIMIT = 6 * MB;
/** Stripe's signed events are a few kilobytes; the largest documented stay well under this. */
export const STRIPE_EVENT_BODY_LIMIT = 512 * KB;

export type BodyLimitHandle = {
  maxBodyBytes?: number;
  /**
   * The route reads its whole body as a stream before it changes anything: the body is passed on as it
   * comes and counted, not read into memory first, so a large upload is not held twice.
   */
  streamsBody?: boolean;
};
/** Settings → Import: a Loop Habit Tracker file of up to 10 MB and the form around it. */
export const LOOP_UPLOAD_BODY_LIMIT = 11 * MB;
