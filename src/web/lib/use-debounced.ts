import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delayMs` (search boxes query as the admin types, not at every key). */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
