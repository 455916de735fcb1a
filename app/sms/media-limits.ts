// The largest photo an MMS may bring (Twilio inbound media, the dev phone upload).
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;
