/**
 * 'Ascolta' in the game page's header (issue 13, Listen): a toggle button ('Ascolta' / 'Stop',
 * aria-pressed) with a settings popover (voice among the Italian voices, speed). Where the browser
 * cannot read in Italian, the button looks disabled but stays focusable and explains why.
 */

import type { MessageView } from "@shared/api-types";
import { Settings2, Square, Volume2, VolumeX } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { type LiveNarration, RATES, useListen } from "./use-listen";

/** Shown where the browser has no Italian voice (or no speech synthesis at all). */
export const NO_ITALIAN_VOICE = "Il tuo browser non ha una voce italiana per la lettura ad alta voce.";

/** The look of the header's action buttons (game-page.tsx). */
const ACTION = "h-7 gap-1.5 px-2.5 text-xs";

interface ListenButtonProps {
  /** The story the page shows, oldest first. */
  messages: readonly MessageView[];
  /** The turn being played (useGameChat's liveTurn), or null. */
  live: LiveNarration | null;
}

/** Input: see props. Output: the button (and its settings) for the header's actions. */
export function ListenButton({ messages, live }: ListenButtonProps) {
  const listen = useListen(messages, live);
  const explanationId = useId();
  const voiceId = useId();
  const rateId = useId();
  const titleId = useId();

  if (!listen.available) {
    return (
      <Popover>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" size="sm" aria-disabled="true" aria-describedby={explanationId} title={NO_ITALIAN_VOICE} className={cn(ACTION, "cursor-not-allowed opacity-60")}>
            <VolumeX aria-hidden />
            Ascolta
          </Button>
        </PopoverTrigger>
        <span id={explanationId} hidden>
          {NO_ITALIAN_VOICE}
        </span>
        <PopoverContent align="start" aria-label="Lettura ad alta voce non disponibile" className="w-64 text-sm">
          {NO_ITALIAN_VOICE}
        </PopoverContent>
      </Popover>
    );
  }

  const { listening, voices, voice, settings, setSettings } = listen;
  return (
    <div role="group" aria-label="Lettura ad alta voce" className="inline-flex">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-pressed={listening}
        aria-label={listening ? "Stop lettura" : "Ascolta"}
        className={cn(ACTION, "rounded-r-none", listening && "border-violet-500/60 bg-violet-500/15")}
        onClick={listen.toggle}
      >
        {listening ? <Square aria-hidden className="fill-current" /> : <Volume2 aria-hidden />}
        {listening ? "Stop" : "Ascolta"}
      </Button>
      <Popover>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" size="sm" aria-label="Impostazioni di lettura" className="h-7 w-7 rounded-l-none border-l-0 px-0">
            <Settings2 aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" aria-labelledby={titleId} className="space-y-4">
          <p id={titleId} className="text-sm font-medium">
            Lettura ad alta voce
          </p>
          <div className="space-y-2">
            <Label htmlFor={voiceId}>Voce</Label>
            <NativeSelect id={voiceId} value={voice?.voiceURI ?? ""} onChange={(e) => setSettings({ ...settings, voiceURI: e.target.value })}>
              {voices.map((v) => (
                <NativeSelectOption key={v.voiceURI} value={v.voiceURI}>
                  {v.name} ({v.lang})
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-2">
            <Label htmlFor={rateId}>Velocità</Label>
            <NativeSelect id={rateId} value={String(settings.rate)} onChange={(e) => setSettings({ ...settings, rate: Number(e.target.value) })}>
              {RATES.map((r) => (
                <NativeSelectOption key={r.rate} value={String(r.rate)}>
                  {r.label} ({String(r.rate).replace(".", ",")}×)
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <p className="text-xs text-muted-foreground">Le scelte valgono dalla frase successiva e restano salvate su questo dispositivo.</p>
        </PopoverContent>
      </Popover>
    </div>
  );
}
