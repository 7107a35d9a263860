/**
 * The buttons of 'Ascolta' (issue 13, Listen), the same before and after the reading code loads
 * (issue 21: listen-button.tsx shows them until the first use, listen-controls.tsx after).
 */

import { Settings2, Square, Volume2, VolumeX } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Shown where the browser has no Italian voice (or no speech synthesis at all). */
export const NO_ITALIAN_VOICE = "Il tuo browser non ha una voce italiana per la lettura ad alta voce.";

/** What the player can do about it, shown under NO_ITALIAN_VOICE when they tap 'Ascolta' (issue 39). */
export const NO_ITALIAN_VOICE_HELP =
  "Puoi aggiungere una voce italiana nelle impostazioni di sintesi vocale del telefono o del computer, oppure aprire il sito con un altro browser.";

/** The look of the header's action buttons (game-page.tsx). */
const ACTION = "h-7 gap-1.5 px-2.5 text-xs";

type ButtonProps = ComponentProps<typeof Button>;

/**
 * 'Ascolta' where the browser cannot read in Italian: looks disabled but stays focusable, described
 * by the element `explanationId` (NO_ITALIAN_VOICE). Other props go to the button (a popover trigger's).
 */
export function UnavailableListenButton({ explanationId, className, ...props }: ButtonProps & { explanationId: string }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-disabled="true"
      aria-describedby={explanationId}
      title={NO_ITALIAN_VOICE}
      className={cn(ACTION, "cursor-not-allowed opacity-60", className)}
      {...props}
    >
      <VolumeX aria-hidden />
      Ascolta
    </Button>
  );
}

/** The toggle: 'Ascolta' (aria-pressed false) or 'Stop' ('Stop lettura', aria-pressed true). */
export function ListenToggle({ listening, className, ...props }: ButtonProps & { listening: boolean }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-pressed={listening}
      aria-label={listening ? "Stop lettura" : "Ascolta"}
      className={cn(ACTION, "rounded-r-none", listening && "border-violet-500/60 bg-violet-500/15", className)}
      {...props}
    >
      {listening ? <Square aria-hidden className="fill-current" /> : <Volume2 aria-hidden />}
      {listening ? "Stop" : "Ascolta"}
    </Button>
  );
}

/** The gear beside the toggle: 'Impostazioni di lettura'. */
export function ListenSettingsButton(props: ButtonProps) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label="Impostazioni di lettura" className="h-7 w-7 rounded-l-none border-l-0 px-0" {...props}>
      <Settings2 aria-hidden />
    </Button>
  );
}

/** The group around the toggle and the gear. */
export function ListenGroup({ children }: { children: ReactNode }) {
  return (
    <div role="group" aria-label="Lettura ad alta voce" className="inline-flex">
      {children}
    </div>
  );
}
