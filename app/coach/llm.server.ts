import { setTimeout as sleep } from "node:timers/promises";
import { env } from "~/utils/env/env.server";
import type { ChatMessage } from "./coach-prompt";
import { errorFields, logger } from "~/observability/logger.server";

/**
 * The whole call, retries and the body read included, stays within this (LLM_TIMEOUT_MS, 8 s unless
 * set): feedback that comes later is not worth waiting for.
 */
export const LLM_BUDGET_MS = env.LLM_TIMEOUT_MS;
const ATTEMPTS = 2;
const BACKOFF_MS = 300;
const MAX_RESPONSE_CHARS = 200_000;

export type ChatOptions = { timeoutMs?: number; maxTokens?: number };

/** The first choice's text; `cutOff` when the model stopped at max_tokens, mid-sentence perhaps. */
export type ChatAnswer = { text: string; cutOff: boolean };

export function isLlmConfigured() {
  return Boolean(env.LLM_API_URL && env.LLM_MODEL);
}

/**
 * One OpenAI-compatible chat completion: the first choice's answer, or null on any failure (not
 * configured, time-out, HTTP error, malformed answer). Network errors, 429 and 5xx are tried once
 * more within the budget. Never throws: callers fall back to rule-based feedback.
 */
export async function chatCompletion(
  messages: ChatMessage[],
  { timeoutMs = LLM_BUDGET_MS, maxTokens = 200 }: ChatOptions = {},
): Promise<ChatAnswer | null> {
  if (!isLlmConfigured()) return null;
  const deadline = Date.now() + timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  const url = `${env.LLM_API_URL!.replace(/\/+$/, "")}/chat/completions`;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  if (env.LLM_API_KEY) headers.Authorization = `Bearer ${env.LLM_API_KEY}`;
  const body = JSON.stringify({
    model: env.LLM_MODEL,
    messages,
    max_tokens: maxTokens,
    temperature: 0.7,
  });
  try {
    for (let attempt = 1; ; attempt++) {
      let wait = BACKOFF_MS * attempt;
      try {
        const response = await fetch(url, { method: "POST", headers, body, signal });
        if (response.ok) return contentOf(await response.text());
        await response.body?.cancel();
        logger.warn(`LLM answered HTTP ${response.status} (attempt ${attempt})`);
        if (response.status !== 429 && response.status < 500) return null;
        wait = Math.max(wait, retryAfterMs(response.headers.get("retry-after")));
      } catch (error) {
        if (signal.aborted) {
          logger.warn(`LLM gave no answer within ${timeoutMs} ms`);
          return null;
        }
        logger.warn(`LLM request failed (attempt ${attempt}): ${(error as Error).message}`);
      }
      if (attempt >= ATTEMPTS || Date.now() + wait >= deadline) return null;
      await sleep(wait, undefined, { signal });
    }
  } catch (error) {
    if (!signal.aborted) logger.warn({ err: errorFields(error) }, "LLM call failed");
    return null;
  }
}

function retryAfterMs(header: string | null) {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** choices[0].message.content as a string (some servers send a list of text parts), or null. */
function contentOf(text: string): ChatAnswer | null {
  if (text.length > MAX_RESPONSE_CHARS) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    logger.warn("LLM answered with malformed JSON");
    return null;
  }
  const choice = (
    data as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] } | null
  )?.choices?.[0];
  const content = textOf(choice?.message?.content);
  return content ? { text: content, cutOff: choice?.finish_reason === "length" } : null;
}

function textOf(content: unknown) {
  if (typeof content === "string") return content.trim();
  if (!Array.isArray(content)) return "";
  return content
    .map((part: { type?: unknown; text?: unknown }) =>
      part?.type === "text" && typeof part.text === "string" ? part.text : "",
    )
    .join("")
    .trim();
}
