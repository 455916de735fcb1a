import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { PendingButton } from "~/components/pending-button";
import { FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ChatMessageSchema } from "~/conversation/chat-schema";
import { useRootData } from "~/components/root-data";
import { CHAT_LOG_ID } from "./chat-thread";
import { CHAT_ACTION as ACTION } from "./pending-message";

/** The newest message at the bottom of the thread box, and the box on the screen. */
function showNewest(form: HTMLFormElement | null) {
  const log = document.getElementById(CHAT_LOG_ID);
  // The box is a reversed column: the largest scrollTop is its bottom in every browser.
  if (log) log.scrollTop = log.scrollHeight;
  form?.scrollIntoView({ block: "nearest", behavior: "instant" });
}

/**
 * The chat box: a real form posted to the /messages action (Enter or Send submit it natively).
 * With JavaScript the typed text shows while it is sending, and once it is sent the box is cleared
 * and the thread shows the newest messages; after a failure (a field error or the 'Failed to send
 * message' toast) the text stays.
 */
export function ChatForm({
  lastResult,
  maxLength,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  maxLength: number;
}) {
  const [form, fields] = useForm<z.input<typeof ChatMessageSchema>>({
    id: "chat",
    lastResult,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const toast = useRootData()?.toast;
  const sending =
    navigation.state === "submitting" &&
    navigation.formMethod === "POST" &&
    navigation.formAction === ACTION;

  // Clear the box once a send has finished without an error.
  const sent = useRef(false);
  useEffect(() => {
    if (sending) {
      sent.current = true;
      return;
    }
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    const failed = Boolean(lastResult?.error) || toast?.type === "error";
    if (failed) return;
    formRef.current?.reset();
    // On a phone the keyboard would come back up and cover the answer; on a desktop typing goes on.
    if (window.matchMedia("(hover: hover) and (pointer: fine)").matches) {
      inputRef.current?.focus({ preventScroll: true });
    }
    showNewest(formRef.current);
  }, [sending, navigation.state, lastResult, toast]);

  // The page opens with the box under the newest message at the bottom of the screen.
  useEffect(() => showNewest(formRef.current), []);

  const formProps = getFormProps(form);
  const { key: inputKey, ...inputProps } = getInputProps(fields.message, { type: "text" });
  return (
    <div id="latest" className="scroll-mb-4 border-t pt-4">
      <Form
        ref={formRef}
        method="post"
        action={ACTION}
        preventScrollReset
        {...formProps}
        onSubmit={(event) => {
          // Enter pressed again while sending does not send the message twice. A blank one goes to
          // the server, which answers with the field's error as it does without JavaScript.
          if (sending) {
            event.preventDefault();
            return;
          }
          formProps.onSubmit(event);
        }}
        className="flex items-start gap-2"
      >
        <div className="min-w-0 flex-1">
          <Input
            {...inputProps}
            key={inputKey}
            ref={inputRef}
            placeholder="Type your message..."
            aria-label="Message"
            autoComplete="off"
            maxLength={maxLength}
            enterKeyHint="send"
          />
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
          <FieldErrors id={form.errorId} errors={form.errors} />
        </div>
        <PendingButton pendingLabel="Sending..." formAction={ACTION}>
          Send
        </PendingButton>
      </Form>
    </div>
  );
}
