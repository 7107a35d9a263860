/**
 * 'Ascolta' once it is used (issue 13, Listen; loaded on first use, issue 21): the toggle
 * ('Ascolta' / 'Stop', aria-pressed) with a settings popover (voice among the Italian voices,
 * speed; with the site's voice, issue 39, only the speed). Where neither the site nor the browser
 * can read in Italian, the button looks disabled but stays focusable, and a tap opens the reason
 * as text (issue 39: touch screens show no tooltip).
 */

import { useEffect, useId, useRef } from "react";
import type { MessageView } from "@/lib/api-contract";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { ListenGroup, ListenSettingsButton, ListenToggle, NO_ITALIAN_VOICE, NO_ITALIAN_VOICE_HELP, UnavailableListenButton } from "./listen-parts";
import { type LiveNarration, RATES, useListen } from "./use-listen";

/** What the player pressed before this code loaded: the toggle or the gear. */
export type ListenUse = "toggle" | "settings";

interface ListenControlsProps {
  /** The story the page shows, oldest first. */
  messages: readonly MessageView[];
  /** The turn being played (useGameChat's liveTurn), or null. */
  live: LiveNarration | null;
  /** The press that loaded this code: it is carried out once, as soon as the controls show. */
  firstUse: ListenUse;
}

/** Input: see props. Output: the button (and its settings) for the header's actions. */
export default function ListenControls({ messages, live, firstUse }: ListenControlsProps) {
  const listen = useListen(messages, live);
  const explanationId = useId();
  const voiceId = useId();
  const rateId = useId();
  const titleId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pending = useRef(firstUse === "toggle");
  const { available, toggle } = listen;

  // The first press on 'Ascolta', made before this code was there: reading starts now.
  useEffect(() => {
    if (!pending.current || !available) return;
    pending.current = false;
    toggle();
    toggleRef.current?.focus();
  }, [available, toggle]);

  if (!available) {
    return (
      <Popover defaultOpen={firstUse === "toggle"}>
        <PopoverTrigger asChild>
          <UnavailableListenButton explanationId={explanationId} />
        </PopoverTrigger>
        <span id={explanationId} hidden>
          {NO_ITALIAN_VOICE}
        </span>
        <PopoverContent align="start" aria-label="Lettura ad alta voce non disponibile" className="w-72 space-y-2 text-sm">
          <p>{NO_ITALIAN_VOICE}</p>
          <p className="text-muted-foreground">{NO_ITALIAN_VOICE_HELP}</p>
        </PopoverContent>
      </Popover>
    );
  }

  const { listening, server, voices, voice, settings, setSettings } = listen;
  return (
    <ListenGroup>
      <ListenToggle ref={toggleRef} listening={listening} onClick={toggle} />
      <Popover defaultOpen={firstUse === "settings"}>
        <PopoverTrigger asChild>
          <ListenSettingsButton />
        </PopoverTrigger>
        <PopoverContent align="end" aria-labelledby={titleId} className="space-y-4">
          <p id={titleId} className="text-sm font-medium">
            Lettura ad alta voce
          </p>
          {server ? (
            <p className="text-sm">
              <span className="font-medium">Voce:</span> quella del sito, uguale su ogni dispositivo.
            </p>
          ) : (
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
          )}
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
    </ListenGroup>
  );
}
