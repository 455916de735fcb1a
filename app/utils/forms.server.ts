// Form parsing runs on the server only: importing it from here keeps zod out of the pages' JavaScript.
export { parseWithZod } from "@conform-to/zod/v4";
