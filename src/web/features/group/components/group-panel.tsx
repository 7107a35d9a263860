/**
 * Over 350 lines: the group panel's players, notes, turn and vote render together on one card.
 * The game page of a group story (issue 24 "Play" and "Presence", ADR 0019): the players with
 * their presence and the host's controls, the side notes ('fuori scena'), whose turn it is and the
 * vote. Loaded only for a story that has a group (issue 21: a solo story's first load stays as
 * it was). Whose turn it is and the result of a vote are announced to screen readers.
 */

import type { VoteChoice } from "@shared/group-types";
import { noteSchema, type NoteInput, voteSchema, type VoteInput } from "@shared/schemas/group";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Crown, LogOut, Pencil, SkipForward, UserMinus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { GroupPlayerView, GroupView, GroupVoteView } from "@/lib/api-contract";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { onGroupEvent } from "@/lib/live-events";
import { playerTextColor } from "@/lib/player-color";
import { cn } from "@/lib/utils";
import { useGroupActions } from "../api";
import { CharacterForm } from "./character-form";

/** How long a 'group.typing' event shows 'sta scrivendo…' (ms): a little more than the 2 s between signals. */
const TYPING_SHOWN_MS = 4_000;

const CHOICES: readonly VoteChoice[] = ["A", "B", "C"];

interface GroupProps {
  gameId: string;
  group: GroupView;
  /** A narration is being written: no vote, skip or mode change until it ends. */
  narrating: boolean;
}

/** The user ids typing now, from the 'group.typing' events of this story (each shown TYPING_SHOWN_MS). */
function useTypingPlayers(gameId: string): ReadonlySet<string> {
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const timers = new Map<string, number>();
    const unsubscribe = onGroupEvent((event) => {
      if (event.type !== "group.typing" || event.gameId !== gameId) return;
      window.clearTimeout(timers.get(event.userId));
      setTyping((current) => new Set(current).add(event.userId));
      timers.set(
        event.userId,
        window.setTimeout(() => {
          setTyping((current) => {
            const next = new Set(current);
            next.delete(event.userId);
            return next;
          });
        }, TYPING_SHOWN_MS),
      );
    });
    return () => {
      unsubscribe();
      for (const timer of timers.values()) window.clearTimeout(timer);
    };
  }, [gameId]);
  return typing;
}

/** A player's nickname in their colour. */
function Nickname({ player }: { player: Pick<GroupPlayerView, "nickname" | "color"> }) {
  return (
    <span className="font-semibold break-words" style={{ color: playerTextColor(player.color) }}>
      {player.nickname}
    </span>
  );
}

/**
 * 'Modifica' on the player's own row: a dialog with their character (PUT /players/me); the
 * narrator knows the new one from the next turn.
 */
function EditCharacter({ gameId, player }: { gameId: string; player: GroupPlayerView }) {
  const { character } = useGroupActions(gameId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" className="h-8" onClick={() => setOpen(true)}>
        <Pencil aria-hidden />
        Modifica<span className="sr-only"> il tuo personaggio</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Il tuo personaggio</DialogTitle>
            <DialogDescription>Il narratore lo userà dal prossimo turno.</DialogDescription>
          </DialogHeader>
          <CharacterForm
            initial={{ characterName: player.characterName, characterLine: player.characterLine }}
            onSubmit={(input) => character.mutate(input, { onSuccess: () => setOpen(false) })}
            busy={character.isPending}
            submitIcon={<Check aria-hidden />}
            submitLabel="Salva personaggio"
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * One player: colour, nickname, character, and 'host', 'di turno', 'assente', 'sta scrivendo…',
 * 'ha votato'; the host's 'Salta' and 'Rimuovi'; 'Modifica' on the player's own character.
 */
function PlayerRow({ gameId, group, player, typing, narrating }: GroupProps & { player: GroupPlayerView; typing: boolean }) {
  const { skip, remove } = useGroupActions(gameId);
  const [confirming, setConfirming] = useState(false);
  const amHost = group.meId === group.hostId;
  const theirTurn = group.mode === "turns" && group.turnUserId === player.userId;
  const voted = group.mode === "vote" && Boolean(group.vote?.votes.some((vote) => vote.userId === player.userId));
  const states = [
    player.isHost && "host",
    theirTurn && "di turno",
    !player.present && "assente",
    player.present && typing && "sta scrivendo…",
    voted && "ha votato",
  ].filter((state): state is string => Boolean(state));
  return (
    <li className={cn("flex items-start gap-3 rounded-lg border px-3 py-2", theirTurn && "border-violet-400/70 bg-violet-600/10", !player.present && "opacity-70")}>
      <span aria-hidden className="mt-1.5 size-3 shrink-0 rounded-full" style={{ backgroundColor: player.color }} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
          <Nickname player={player} />
          {player.isHost && <Crown aria-hidden className="size-3.5 text-amber-300" />}
          {player.userId === group.meId && <span className="text-muted-foreground">(tu)</span>}
        </p>
        <p className="text-sm break-words">
          {player.characterName}
          {player.characterLine && <span className="text-muted-foreground"> — {player.characterLine}</span>}
        </p>
        {states.length > 0 && <p className="text-xs text-muted-foreground">{states.join(" · ")}</p>}
      </div>
      {(amHost || player.userId === group.meId) && (
        <div className="flex shrink-0 flex-col gap-1">
          {player.userId === group.meId && <EditCharacter gameId={gameId} player={player} />}
          {amHost && theirTurn && (
            <Button type="button" variant="outline" size="sm" className="h-8" disabled={narrating || skip.isPending} onClick={() => skip.mutate()}>
              <SkipForward aria-hidden />
              Salta<span className="sr-only"> il turno di {player.nickname}</span>
            </Button>
          )}
          {amHost && !player.isHost && (
            <Button type="button" variant="outline" size="sm" className="h-8" disabled={remove.isPending} onClick={() => setConfirming(true)}>
              <UserMinus aria-hidden />
              Rimuovi<span className="sr-only"> {player.nickname}</span>
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={remove.isPending}
        title={`Rimuovere ${player.nickname} dalla storia?`}
        description="Non potrà più leggere né giocare questa storia, a meno che tu non lo inviti di nuovo."
        confirmLabel="Rimuovi"
        onConfirm={() => remove.mutate(player.userId, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

/** A note to the others that the narrator never reads (POST /notes, validated by noteSchema). */
function NoteForm({ gameId }: { gameId: string }) {
  const id = useId();
  const { note } = useGroupActions(gameId);
  const form = useForm<z.input<typeof noteSchema>, unknown, NoteInput>({ resolver: zodResolver(noteSchema), defaultValues: { text: "" } });
  const submit = form.handleSubmit((values) => note.mutateAsync(values).then(() => form.reset(), () => undefined));
  return (
    <form onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <FormField id={`${id}-nota`} label="Nota fuori scena" placeholder="Scrivi agli altri giocatori…" autoComplete="off" error={form.formState.errors.text?.message} {...form.register("text")} />
      </div>
      <Button type="submit" variant="outline" disabled={note.isPending}>
        Invia nota
      </Button>
    </form>
  );
}

/**
 * The top of a group story's page: 'Giocatori' (seat order) and 'Fuori scena' (the latest side
 * notes and their form), and 'Esci dalla storia' for a player who is not the host.
 */
export function GroupPlayers({ gameId, group, narrating }: GroupProps) {
  const typing = useTypingPlayers(gameId);
  const { leave } = useGroupActions(gameId);
  const [leaving, setLeaving] = useState(false);
  const byId = new Map(group.players.map((player) => [player.userId, player]));
  return (
    <section aria-labelledby={`${gameId}-giocatori`} className="mt-4 grid gap-3 rounded-xl border bg-card p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${gameId}-giocatori`} className="text-sm font-semibold">
          Giocatori ({group.players.length})
        </h2>
        {group.meId !== group.hostId && (
          <Button type="button" variant="ghost" size="sm" className="h-8" onClick={() => setLeaving(true)}>
            <LogOut aria-hidden />
            Esci dalla storia
          </Button>
        )}
      </div>
      <ul aria-label="Elenco dei giocatori" className="grid gap-2 sm:grid-cols-2">
        {group.players.map((player) => (
          <PlayerRow key={player.userId} gameId={gameId} group={group} player={player} typing={player.typing || typing.has(player.userId)} narrating={narrating} />
        ))}
      </ul>
      <details className="group/notes">
        <summary className="cursor-pointer rounded-sm text-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none">
          Fuori scena ({group.notes.length})
        </summary>
        <div className="mt-2 grid gap-2">
          {group.notes.length > 0 && (
            <ul aria-label="Note fuori scena" className="grid max-h-48 gap-1 overflow-y-auto text-sm">
              {group.notes.map((note) => {
                const author = byId.get(note.userId);
                return (
                  <li key={note.id} className="break-words">
                    {author ? <Nickname player={author} /> : <span className="font-semibold">Ex giocatore</span>}: <span className="whitespace-pre-wrap">{note.text}</span>
                  </li>
                );
              })}
            </ul>
          )}
          <NoteForm gameId={gameId} />
        </div>
      </details>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        busy={leave.isPending}
        title="Uscire dalla storia?"
        description="Non potrai più giocarla con il gruppo, a meno che l'host non ti inviti di nuovo. Ne terrai una copia di sola lettura nel profilo."
        confirmLabel="Esci dalla storia"
        onConfirm={() => leave.mutate(group.meId, { onSettled: () => setLeaving(false) })}
      />
    </section>
  );
}

/** Seconds left until `deadline`, updated each second in the browser; null before the first tick (no clock in the render). */
function useSecondsLeft(deadline: string | undefined): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearInterval(timer);
      setLeft(null);
    };
  }, [deadline]);
  return left;
}

/** The text of a vote's ballot: 'B' or the proposed action in quotes. */
const ballotText = (vote: GroupVoteView) => (vote.choice ? vote.choice : `«${vote.action ?? ""}»`);

/**
 * 'A', 'B', 'C' and a proposed action (POST /votes, validated by voteSchema), the countdown, who
 * voted, and what the server tells the group about the vote (a missing quorum past the deadline,
 * a refused turn: issue 36 finding 2).
 */
function VotePanel({ gameId, group, narrating }: GroupProps) {
  const id = useId();
  const { vote } = useGroupActions(gameId);
  const form = useForm<z.input<typeof voteSchema>, unknown, VoteInput>({ resolver: zodResolver(voteSchema), defaultValues: { action: "" } });
  const secondsLeft = useSecondsLeft(group.vote?.deadline);
  const votes = group.vote?.votes ?? [];
  const mine = votes.find((ballot) => ballot.userId === group.meId);
  const present = group.players.filter((player) => player.present).length;
  const disabled = narrating || Boolean(mine) || vote.isPending;
  const submit = form.handleSubmit((values) => vote.mutateAsync(values).then(() => form.reset(), () => undefined));
  const actionError = (form.formState.errors as { action?: { message?: string }; root?: { message?: string } }).action?.message ?? form.formState.errors.root?.message;
  return (
    <section aria-labelledby={`${id}-titolo`} className="grid gap-2 rounded-lg border border-violet-400/40 bg-violet-600/10 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={`${id}-titolo`} className="text-sm font-semibold">
          Voto del gruppo
        </h2>
        <p className="text-xs text-muted-foreground">
          {votes.length} di {present} {votes.length === 1 ? "ha" : "hanno"} votato{" "}
          {secondsLeft !== null && !group.voteNotice && (
            <span role="timer" className="ml-2 tabular-nums">
              · si chiude tra {Math.floor(secondsLeft / 60)}:{String(secondsLeft % 60).padStart(2, "0")}
            </span>
          )}
        </p>
      </div>
      {group.voteNotice && (
        <p role="status" className="text-sm font-medium">
          {group.voteNotice}
        </p>
      )}
      {mine ? (
        <p className="text-sm">Hai votato: {ballotText(mine)}. Aspetta gli altri giocatori.</p>
      ) : (
        <>
          <div role="group" aria-label="Scegli un'opzione" className="flex gap-2">
            {CHOICES.map((choice) => (
              <Button key={choice} type="button" variant="outline" className="h-10 min-w-14 flex-1 font-mono" disabled={disabled} onClick={() => vote.mutate({ choice })}>
                {choice}
                <span className="sr-only"> (vota l'opzione {choice})</span>
              </Button>
            ))}
          </div>
          <form onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <FormField id={`${id}-azione`} label="Oppure proponi un'azione" autoComplete="off" disabled={disabled} error={actionError} {...form.register("action")} />
            </div>
            <Button type="submit" variant="outline" disabled={disabled}>
              Proponi
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

/**
 * Above the message box of a group story: 'Tocca a …' ('a turno') or the vote ('voto'), and a
 * polite live region that announces whose turn it is and, once a vote is decided, what the group
 * chose: in 'voto' every new player's message is the decision of a vote (the turn of the first
 * player who voted for the winning option).
 * Input: the group props and `decided`, the story's latest player's message.
 */
export function GroupTurn({ gameId, group, narrating, decided }: GroupProps & { decided: { id: string; content: string } | null }) {
  const turnPlayer = group.mode === "turns" ? group.players.find((player) => player.userId === group.turnUserId) : undefined;
  const turnText = turnPlayer ? (turnPlayer.userId === group.meId ? "Tocca a te." : `Tocca a ${turnPlayer.nickname}.`) : "";
  const [result, setResult] = useState("");
  // The message the page opened with is no news.
  const seen = useRef(decided?.id);
  useEffect(() => {
    if (!decided || decided.id === seen.current) return;
    seen.current = decided.id;
    if (group.mode === "vote") setResult(`Voto chiuso: il gruppo ha scelto «${decided.content}».`);
  }, [decided, group.mode]);
  return (
    <div className="mb-3 grid gap-2">
      {turnPlayer && (
        <p className="text-sm">
          {turnPlayer.userId === group.meId ? <strong>Tocca a te.</strong> : <>Tocca a <Nickname player={turnPlayer} />.</>}
        </p>
      )}
      {group.mode === "vote" && result && <p className="text-sm">{result}</p>}
      {group.mode === "vote" && <VotePanel gameId={gameId} group={group} narrating={narrating} />}
      <p aria-live="polite" className="sr-only">
        {group.mode === "vote" ? result : turnText}
      </p>
    </div>
  );
}
