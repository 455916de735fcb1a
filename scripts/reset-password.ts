import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getUserByEmail, setPassword } from "~/users/users.server";

// Usage: npm run reset-password -- EMAIL
// For a person who cannot get a code by text (their phone was never verified, or is lost): the
// operator checks who is asking (a message from the account's email), then sets a one-time password
// here and sends it to that email. Every session of the account ends.
const [rawEmail] = process.argv.slice(2);
const email = z.email().safeParse(rawEmail?.trim().toLowerCase());
if (!email.success) {
  console.error("usage: npm run reset-password -- EMAIL");
  process.exit(2);
}

const user = getUserByEmail(email.data);
if (!user) {
  console.error(`No account has the email ${email.data}.`);
  process.exit(1);
}
const password = randomBytes(12).toString("base64url");
await setPassword(user.id, password);
console.log(`New password for ${user.email} (shown once; every session ended): ${password}`);
