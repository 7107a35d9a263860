import { WifiOff } from "lucide-react";

/**
 * The game page's notice while the browser is offline (issue 39 "Installable"): the story already
 * opened reads from the service worker's cache, and sending needs the network (the command bar
 * is disabled meanwhile). A status, so screen readers announce it when the connection drops.
 * Input: `offline` (useOnline's negation); renders nothing while online.
 */
export function OfflineBanner({ offline }: { offline: boolean }) {
  if (!offline) return null;
  return (
    <p role="status" className="mb-3 flex items-start gap-2 rounded-lg border border-amber-400/50 bg-amber-950/50 px-3 py-2 text-sm text-amber-100">
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong className="font-semibold">Sei offline:</strong> puoi rileggere la storia, per continuare serve la connessione.
      </span>
    </p>
  );
}
