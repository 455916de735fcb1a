// The web chat's first URL, kept as an alias of POST /api/chat.
export { action, loader } from "./chat";
