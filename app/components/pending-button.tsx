import { useNavigation } from "@remix-run/react";
import type { ComponentProps } from "react";
import { Button } from "./ui/button";

/** A submit button that shows its pending label while its form is submitting (with JavaScript on). */
export function PendingButton({
  children,
  pendingLabel,
  formAction,
  intent,
  ...props
}: ComponentProps<typeof Button> & { pendingLabel: string; formAction?: string; intent?: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (formAction === undefined || navigation.formAction === formAction) &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
