// The first URL of "send the evening question now", kept as an alias of POST /api/send-now/evening.
export { action, loader } from "./send-now.evening";
