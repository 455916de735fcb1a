import { useNavigation } from "@remix-run/react";

export const CHAT_ACTION = "/messages";

/** The text being sent, shown faintly at the end of the thread until the page has it (JavaScript on). */
export function PendingMessage() {
  const navigation = useNavigation();
  const text =
    navigation.formMethod === "POST" && navigation.formAction === CHAT_ACTION
      ? String(navigation.formData?.get("message") ?? "").trim()
      : "";
  if (!text) return null;
  return (
    <div className="flex justify-end" aria-hidden="true" data-testid="chat-pending">
      <p className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-blue-700 px-4 py-2 text-sm text-white opacity-60 sm:max-w-[70%]">
        {text}
      </p>
    </div>
  );
}
