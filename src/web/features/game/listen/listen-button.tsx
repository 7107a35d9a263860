/**
 * 'Ascolta' in the game page's header (issue 13, Listen), light until first used (issue 21): the
 * same buttons as the reading controls (listen-parts.tsx), whose code (speech queue, narration
 * reader, settings popover) loads the first time the player presses one, then carries that press
 * out. The code starts loading as soon as the player points at or focuses a button.
 */

import { lazy, Suspense, useId, useMemo, useState } from "react";
import type { MessageView } from "@/lib/api-contract";
import { SITE_CONFIG } from "@/lib/site-config";
import { useHydrated } from "@/lib/use-hydrated";
import { wantNarrationMarkdown } from "@/components/narration";
import type { ListenUse } from "./listen-controls";
import { ListenGroup, ListenSettingsButton, ListenToggle, NO_ITALIAN_VOICE, UnavailableListenButton } from "./listen-parts";
import { speechSynthesisOrNull } from "./speech-queue";
import type { LiveNarration } from "./use-listen";
import { useItalianVoices } from "./voices";

/** The controls' code, and the markdown renderer that marks the sentence being read in a narration. */
const loadControls = () => {
  wantNarrationMarkdown();
  return import("./listen-controls");
};
const ListenControls = lazy(loadControls);

interface ListenButtonProps {
  /** The story the page shows, oldest first. */
  messages: readonly MessageView[];
  /** The turn being played (useGameChat's liveTurn), or null. */
  live: LiveNarration | null;
}

/** Input: see props. Output: the buttons for the header's actions, then the reading controls. */
export function ListenButton({ messages, live }: ListenButtonProps) {
  const [firstUse, setFirstUse] = useState<ListenUse | null>(null);
  const placeholder = <ListenPlaceholder onUse={setFirstUse} />;
  if (!firstUse) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ListenControls messages={messages} live={live} firstUse={firstUse} />
    </Suspense>
  );
}

/**
 * The buttons before the controls load. On the server and while the page hydrates the browser's
 * voices are unknown: the available look, then the unavailable one where there is no Italian voice
 * (never where the site has its own voice, issue 39).
 */
function ListenPlaceholder({ onUse }: { onUse: (use: ListenUse) => void }) {
  const hydrated = useHydrated();
  const server = SITE_CONFIG.serverVoice;
  const synth = useMemo(() => (hydrated && !server ? speechSynthesisOrNull() : null), [hydrated, server]);
  const voices = useItalianVoices(synth);
  const explanationId = useId();
  const prefetch = { onPointerEnter: loadControls, onFocus: loadControls };
  // With the site's voice (issue 39) 'Ascolta' never depends on the browser's voices.
  if (hydrated && !server && voices.length === 0) {
    return (
      <>
        <UnavailableListenButton explanationId={explanationId} aria-haspopup="dialog" aria-expanded={false} {...prefetch} onClick={() => onUse("toggle")} />
        <span id={explanationId} hidden>
          {NO_ITALIAN_VOICE}
        </span>
      </>
    );
  }
  return (
    <ListenGroup>
      <ListenToggle listening={false} {...prefetch} onClick={() => onUse("toggle")} />
      <ListenSettingsButton aria-haspopup="dialog" aria-expanded={false} {...prefetch} onClick={() => onUse("settings")} />
    </ListenGroup>
  );
}
