/**
 * The story's style in the game header's menu (issue 38 §4 "Player controls"): 'Lunghezza'
 * (Breve, Media, Lunga) and 'Creatività' (Misurata, Equilibrata, Audace). Each choice is saved at
 * once (PUT /api/games/:id/style, validated by the shared storyStyleSchema on the server) and used
 * from the next narration; 'Cosa ricorda il narratore' shows what it sends.
 */

import {
  STORY_CREATIVITIES,
  STORY_CREATIVITY_LABELS,
  STORY_LENGTH_LABELS,
  STORY_LENGTHS,
  type StoryStyle,
} from "@shared/story-style";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SlidersHorizontal } from "lucide-react";
import type { GameView } from "@/lib/api-contract";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { gameKey, saveStoryStyle } from "../api";
import { promptPreviewKey } from "../memory-api";
import { showError } from "../show-error";

interface StoryStyleMenuProps {
  gameId: string;
  /** The stored style; undefined while the game loads (the button is then disabled). */
  style: StoryStyle | undefined;
}

interface StyleGroupProps<T extends string> {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange(value: T): void;
}

/** One of the menu's radio groups, under its label; choosing keeps the menu open. */
function StyleGroup<T extends string>({ label, values, labels, value, onChange }: StyleGroupProps<T>) {
  return (
    <>
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
        {values.map((item) => (
          <DropdownMenuRadioItem key={item} value={item} onSelect={(event) => event.preventDefault()}>
            {labels[item]}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}

/**
 * Input: the game and its stored style. Output: a 'Stile' button opening a menu with the two
 * radio groups; the menu stays open while the player chooses. The choice shows at once and the
 * game query takes the server's answer; a refusal (404, 400) shows in a toast and the stored
 * style comes back.
 */
export function StoryStyleMenu({ gameId, style }: StoryStyleMenuProps) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (next: StoryStyle) => saveStoryStyle(gameId, next),
    onSuccess: (saved) => {
      queryClient.setQueryData<GameView>(gameKey(gameId), (game) => game && { ...game, style: saved });
      void queryClient.invalidateQueries({ queryKey: promptPreviewKey(gameId) });
    },
    onError: showError,
  });
  const shown = save.isPending ? save.variables : style;
  const choose = (change: Partial<StoryStyle>) => shown && save.mutate({ ...shown, ...change });
  const hydrated = useHydrated();
  const trigger = (
    <Button type="button" variant="outline" size="sm" className="h-9 gap-1.5 px-3 text-sm sm:h-7 sm:px-2.5 sm:text-xs" disabled={!shown || !hydrated}>
      <SlidersHorizontal aria-hidden />
      Stile
    </Button>
  );
  // Until the page has hydrated, the button alone, disabled: Radix's menu schedules synchronous
  // updates as it mounts, which pulled every effect of the page into hydration's commit, one long
  // task (issue 39: with the list's offset below, 62–67 -> 33–44 ms on this machine's full CPU).
  if (!hydrated) return trigger;

  return (
    // Not modal: the rest of the page stays readable (and not aria-hidden) while the player chooses.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-52">
        <StyleGroup label="Lunghezza" values={STORY_LENGTHS} labels={STORY_LENGTH_LABELS} value={shown?.length} onChange={(length) => choose({ length })} />
        <DropdownMenuSeparator />
        <StyleGroup label="Creatività" values={STORY_CREATIVITIES} labels={STORY_CREATIVITY_LABELS} value={shown?.creativity} onChange={(creativity) => choose({ creativity })} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
