import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * How many times this page's form of one intent has gone through without errors. A form keyed on it
 * starts empty again after a success with JavaScript, as the page reloaded without it does.
 */
export function useSuccessfulSubmissions(intent: string, failed: boolean) {
  const navigation = useNavigation();
  const [count, setCount] = useState(0);
  const submitted = useRef(false);
  const ours = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (ours) submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!failed) setCount((n) => n + 1);
    }
  }, [ours, navigation.state, failed]);
  return count;
}
