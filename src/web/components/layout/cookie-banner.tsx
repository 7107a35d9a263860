import { Cookie } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";

/** localStorage key and values of the consent (spec §9). */
const CONSENT_KEY = "cookie_consent";

function readConsent(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_KEY);
  } catch {
    return null; // storage blocked: behave as "no choice yet"
  }
}

function storeConsent(value: "true" | "false"): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, value);
  } catch {
    // storage blocked: the banner still hides for this visit
  }
}

/**
 * Cookie consent banner (spec §4 Cookie banner, §9): shown while localStorage has no
 * 'cookie_consent'; 'Accetta' stores 'true', 'Rifiuta' stores 'false', and either hides it for
 * good. It is sticky at the bottom of the viewport, and its in-flow place after the footer
 * means the end of the page can always be scrolled into view above it.
 */
export function CookieBanner() {
  // The stored choice is known in the browser only: a page the server rendered shows no banner,
  // and the banner appears right after hydration (issue 12), so the two renders match.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (!hydrated || dismissed || readConsent() !== null) return null;

  const choose = (value: "true" | "false") => {
    storeConsent(value);
    setDismissed(true);
  };

  return (
    <section
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
  );
}
