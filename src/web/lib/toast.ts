import { useSyncExternalStore } from "react";

/**
 * The site's toasts (sonner's toast.success / .error / .info, same arguments), with sonner and its
 * outlet loaded on the first toast instead of with every page (issue 12: no public page loads
 * code it does not use). The first call asks the site frame to mount the outlet
 * (useToasterWanted); sonner shows the toasts raised before the outlet mounted, in order.
 */

type Toast = (typeof import("sonner"))["toast"];
type Kind = "success" | "error" | "info";

let wanted = false;
const listeners = new Set<() => void>();

function show<K extends Kind>(kind: K, args: Parameters<Toast[K]>): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void import("sonner").then(({ toast }) => (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args));
}

export const toast = {
  success: (...args: Parameters<Toast["success"]>): void => show("success", args),
  error: (...args: Parameters<Toast["error"]>): void => show("error", args),
  info: (...args: Parameters<Toast["info"]>): void => show("info", args),
};

/** Output: true once a toast was raised, so the site frame mounts the toast outlet (false on the server). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
