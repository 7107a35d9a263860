import { COOKIE_CONSENT_KEY, MARK_COOKIE_CHOICE_SCRIPT } from "@shared/first-paint-scripts";
import { Cookie } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";

function readConsent(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null; // storage blocked: behave as "no choice yet"
  }
}

function storeConsent(value: "true" | "false"): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // storage blocked: the banner still hides for this visit
  }
}

/**
 * Cookie consent banner (spec §4 Cookie banner, §9): shown while localStorage has no
 * 'cookie_consent'; 'Accetta' stores 'true', 'Rifiuta' stores 'false', and either hides it for
 * good. It is sticky at the bottom of the viewport, and its in-flow place after the footer
 * means the end of the page can always be scrolled into view above it.
 *
 * The stored choice is known in the browser only. A page the server renders holds the banner, so
 * a visitor who has not chosen sees it in the first paint (issue 21: no late, large paint), with
 * an inline script before it that hides it, before it is painted, from a visitor who has; the
 * browser's first render matches the server's, and the component drops the banner right after.
 */
export function CookieBanner() {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || (hydrated && readConsent() !== null)) return null;

  const choose = (value: "true" | "false") => {
    storeConsent(value);
    setDismissed(true);
  };

  return (
    <>
      {!hydrated && <script>{MARK_COOKIE_CHOICE_SCRIPT}</script>}
      <section
        data-cookie-banner
        aria-label="Consenso ai cookie"
        className="sticky bottom-0 z-30 border-t border-border bg-card/95 shadow-[0_-8px_24px_rgb(0_0_0/0.35)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-6 md:px-6">
          <p className="flex flex-1 items-start gap-3 text-sm text-card-foreground">
            <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-300" />
            Utilizziamo i cookie per migliorare la tua esperienza. Accettando, ci aiuti a offrirti contenuti migliori.
          </p>
          <div className="flex shrink-0 gap-2 self-end sm:self-auto">
            <Button variant="outline" onClick={() => choose("false")}>
              Rifiuta
            </Button>
            <Button onClick={() => choose("true")}>Accetta</Button>
          </div>
        </div>
      </section>
    </>
  );
}
