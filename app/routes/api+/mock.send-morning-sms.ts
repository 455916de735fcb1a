// The first URL of "send the morning question now", kept as an alias of POST /api/send-now/morning.
export { action, loader } from "./send-now.morning";
