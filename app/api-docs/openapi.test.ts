import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type {
  PostDetailAnswerSchema,
  PostSummaryAnswerSchema,
  PostPublicationAnswerSchema,
} from "~/blog/post-schema";
import type { PostDetail, PostSummary } from "~/blog/posts.server";
import type {
  ChatAnswerSchema,
  MessageAnswerSchema,
  SendNowRefusedSchema,
  SendNowSentSchema,
} from "~/conversation/chat-schema";
import type { handleIncomingText } from "~/conversation/inbound.server";
import type { messagesForApi } from "~/conversation/message-history.server";
import type { askOutcomeAnswer } from "~/conversation/send-now.server";
import type { habitDayAnswer } from "~/habits/habit-days.server";
import type { GoalAnswerSchema, GoalStatsAnswerSchema } from "~/goals/goal-schema";
import type { toApiGoal } from "~/goals/goal-api.server";
import type { GoalStats } from "~/goals/goals.server";
import type { HabitAnswerSchema, HabitDayAnswerSchema } from "~/habits/habit-schema";
import type { HabitSummary } from "~/habits/habit-api.server";
import { SESSION_COOKIE_NAME } from "~/http/session.server";
import type { UserAnswerSchema, UserRowAnswerSchema } from "~/users/user-schema";
import type { PublicUser, usersMatching } from "~/users/users.server";
import { openApiDocument, TOKEN_ACCESS } from "./openapi";
import { openApiText } from "./openapi-text";
import { apiRouteFiles, urlOfRouteFile } from "./route-files";

const root = path.resolve(import.meta.dirname, "..", "..");
const checkedIn = path.join(root, "docs", "openapi.json");

type Flat<T> = { [K in keyof T]: T[K] };
type Item<T> = T extends Iterable<(infer Row)[]> ? Row : never;

describe("the OpenAPI document of /api", () => {
  it("is the one in docs/openapi.json (npm run openapi writes it)", async () => {
    const current = await openApiText(openApiDocument(), checkedIn);
    expect(readFileSync(checkedIn, "utf8"), "docs/openapi.json is stale: run npm run openapi").toBe(
      current,
    );
  });

  it("describes every /api route file, and nothing else", () => {
    const routes = apiRouteFiles().map(urlOfRouteFile);
    expect(Object.keys(openApiDocument().paths).sort()).toEqual(routes.sort());
  });

  it("marks as taking a token exactly the calls whose routes let one in, with the same scopes", () => {
    const scopesInRoutes = Object.fromEntries(
      apiRouteFiles().flatMap((file) => {
        const source = readFileSync(path.join(root, "app", "routes", "api+", `${file}.ts`), "utf8");
        const scopes = [
          ...source.matchAll(
            /requireApiUser\(request, "(read|write)"\)|requireApiWriter\(request, \{[^}]*token: "(read|write)"/g,
          ),
        ].map((match) => (match[1] ?? match[2])!);
        // PATCH /api/goals/{id}/skip, reopen and move are ownGoalPatch's, which asks for write.
        if (source.includes("ownGoalPatch(")) scopes.push("write");
        return scopes.length ? [[urlOfRouteFile(file), [...new Set(scopes)].sort()]] : [];
      }),
    );
    const scopesInDocument = Object.fromEntries(
      Object.entries(TOKEN_ACCESS).map(([url, methods]) => [
        url,
        [...new Set(Object.values(methods))].sort(),
      ]),
    );
    expect(scopesInDocument).toEqual(scopesInRoutes);
  });

  it("names the cookie the sessions use", () => {
    expect(openApiDocument().components.securitySchemes.sessionCookie.name).toBe(
      SESSION_COOKIE_NAME,
    );
  });

  it("has the answers' types exactly as the code builds them (checked by the compiler)", () => {
    // `npm run typecheck` fails when an answer gains, loses or changes a field the schema does not.
    expectTypeOf<ReturnType<typeof toApiGoal>>().toEqualTypeOf<z.infer<typeof GoalAnswerSchema>>();
    expectTypeOf<GoalStats>().toEqualTypeOf<z.infer<typeof GoalStatsAnswerSchema>>();
    expectTypeOf<HabitSummary>().toExtend<z.infer<typeof HabitAnswerSchema>>();
    expectTypeOf<ReturnType<typeof habitDayAnswer>>().toEqualTypeOf<
      z.infer<typeof HabitDayAnswerSchema>
    >();
    expectTypeOf<PublicUser>().toEqualTypeOf<z.infer<typeof UserAnswerSchema>>();
    expectTypeOf<Item<ReturnType<typeof usersMatching>>>().toEqualTypeOf<
      z.infer<typeof UserRowAnswerSchema>
    >();
    expectTypeOf<Item<ReturnType<typeof messagesForApi>>>().toEqualTypeOf<
      z.infer<typeof MessageAnswerSchema>
    >();
    expectTypeOf<PostSummary>().toEqualTypeOf<z.infer<typeof PostSummaryAnswerSchema>>();
    expectTypeOf<PostDetail>().toEqualTypeOf<z.infer<typeof PostDetailAnswerSchema>>();
    expectTypeOf<Flat<PostDetail & { message: string }>>().toEqualTypeOf<
      z.infer<typeof PostPublicationAnswerSchema>
    >();
    type Reply = Awaited<ReturnType<typeof handleIncomingText>>;
    expectTypeOf<Pick<Reply, "reply" | "intent" | "messageId">>().toExtend<
      z.infer<typeof ChatAnswerSchema>
    >();
    type SendNow = ReturnType<typeof askOutcomeAnswer>["body"];
    expectTypeOf<Extract<SendNow, { sent: true }>>().toEqualTypeOf<
      z.infer<typeof SendNowSentSchema>
    >();
    expectTypeOf<Extract<SendNow, { sent: false }>>().toExtend<
      z.infer<typeof SendNowRefusedSchema>
    >();
  });
});
