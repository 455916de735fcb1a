// Generated from the zod schemas the form actions parse (form-attributes.server.ts) by
// form-attributes.server.test.ts: after changing a form's schema, run
// `npx vitest run app/components/form-attributes.server.test.ts --update`. Plain data, so the
// pages get the browser's checks without shipping zod.
import type { FieldAttributes } from "~/utils/forms/field-attributes.server";

export type FormName =
  | "login"
  | "register"
  | "forgotPasswordRequest"
  | "forgotPasswordReset"
  | "profile"
  | "phone"
  | "changePassword"
  | "deleteAccount"
  | "shareLink"
  | "apiToken"
  | "partner"
  | "post"
  | "newGoal";

export const FORM_ATTRIBUTES: Record<FormName, Record<string, FieldAttributes>> = {
  login: {
    email: { required: true },
    password: { required: true, maxLength: 128 },
    redirectTo: {},
  },
  register: {
    email: { required: true },
    password: { required: true, minLength: 8, maxLength: 128 },
    phone: { required: true },
    timezone: {},
    preferredCheckInTimeMorning: {},
    preferredCheckInTimeEvening: {},
    sendCheckInReminders: {},
    receiveWeeklySummary: {},
    terms: {},
  },
  forgotPasswordRequest: { email: { required: true } },
  forgotPasswordReset: {
    email: { required: true },
    code: { required: true },
    newPassword: { required: true, minLength: 8, maxLength: 128 },
    confirmPassword: { required: true },
  },
  profile: {
    email: { required: true },
    phone: {},
    timezone: { required: true },
    preferredCheckInTimeMorning: { required: true },
    preferredCheckInTimeEvening: { required: true },
    sendCheckInReminders: {},
    receiveWeeklySummary: {},
    weekStartsOn: {},
    currentPassword: { maxLength: 200 },
  },
  phone: { phone: { required: true }, currentPassword: { maxLength: 200 } },
  changePassword: {
    currentPassword: { required: true },
    newPassword: { required: true, minLength: 8, maxLength: 128 },
    confirmPassword: { required: true },
  },
  deleteAccount: { password: { required: true }, confirm: {} },
  shareLink: {
    label: { required: true },
    ownerName: { required: true },
    includePhotos: {},
    includeHabits: {},
    expires: { required: true },
  },
  apiToken: { name: { required: true }, access: { required: true }, expires: { required: true } },
  partner: {
    name: { required: true },
    phone: { required: true },
    role: { required: true },
    inviterName: { required: true },
    weeklySummary: {},
    monthlySummary: {},
    eveningNotes: {},
  },
  post: {
    title: { required: true },
    excerpt: {},
    content: { required: true },
    featuredImageUrl: {},
    tags: {},
    published: {},
    featured: {},
    slug: {},
  },
  newGoal: {
    description: { required: true },
    dueTime: { pattern: "(?=.*(?:^([01]\\d|2[0-3]):[0-5]\\d$)).*" },
  },
};
