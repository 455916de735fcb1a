import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getUserByEmail, setAdminRole, createUser } from "~/users/users.server";

// Usage: npm run create-admin -- EMAIL [PHONE]
const [rawEmail, rawPhone] = process.argv.slice(2);
const email = z.email().safeParse(rawEmail?.trim().toLowerCase());
if (!email.success) {
  console.error("usage: npm run create-admin -- EMAIL [US_PHONE]");
  process.exit(2);
}

const existing = getUserByEmail(email.data);
if (existing) {
  setAdminRole(existing.id, true, existing.id);
  console.log(`${existing.email} is now an admin.`);
} else {
  const password = randomBytes(12).toString("base64url");
  const { toUsE164 } = await import("~/users/phone");
  const phone = toUsE164(rawPhone ?? "") ?? "+12015550100";
  const user = await createUser(
    {
      email: email.data,
      password,
      phone,
      timezone: "America/New_York",
      preferredCheckInTimeMorning: "08:00",
      preferredCheckInTimeEvening: "19:00",
      sendCheckInReminders: false,
      receiveWeeklySummary: false,
      terms: true,
    },
    { ip: null, userAgent: "create-admin" },
  );
  setAdminRole(user.id, true, user.id);
  console.log(`Created admin ${user.email}. Password (shown once): ${password}`);
}
