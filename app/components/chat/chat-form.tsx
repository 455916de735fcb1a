import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { PendingButton } from "~/components/pending-button";
import { FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ChatMessageSchema } from "~/conversation/thread.server";
import { useRootData } from "~/root";

const ACTION = "/messages";

/**
 * The chat box: a real form posted to the /messages action (Enter or Send submit it natively).
 * With JavaScript the typed text shows while it is sending and the box is cleared once it is sent;
 * after a failure (a field error or the 'Failed to send message' toast) the text stays.
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
  // The text being sent, shown until the page has reloaded with it (submitting, then loading).
  const pendingText =
    navigation.formMethod === "POST" && navigation.formAction === ACTION
      ? String(navigation.formData?.get("message") ?? "").trim()
      : "";

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
    inputRef.current?.focus({ preventScroll: true });
    formRef.current?.scrollIntoView({ block: "end" });
  }, [sending, navigation.state, lastResult, toast]);

  // The page opens at the newest message, with the box under it (at once, not gliding down).
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: "end", behavior: "instant" });
  }, []);

  const formProps = getFormProps(form);
  const { key: inputKey, ...inputProps } = getInputProps(fields.message, { type: "text" });
  return (
    <div id="latest" className="scroll-mb-4 border-t pt-4">
      {pendingText ? (
        <div className="mb-3 flex justify-end" aria-hidden="true">
          <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-blue-700 px-4 py-2 text-sm text-white opacity-60 sm:max-w-[70%]">
            {pendingText}
          </p>
        </div>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action={ACTION}
        preventScrollReset
        {...formProps}
        onSubmit={(event) => {
          // A blank message is never sent (the server ignores it too, for JavaScript-off browsers),
          // and Enter pressed again while sending does not send the message twice.
          if (sending || !(inputRef.current?.value ?? "").trim()) {
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
