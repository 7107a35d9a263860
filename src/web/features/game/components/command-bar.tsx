/**
 * Command buttons and message box of the game chat (spec §2 Game chat, §4 Game, §5; issue 39:
 * the choices' texts on the /A /B /C buttons).
 */

import { type ChoiceLetter, CONTINUE_COMMAND, MAX_MESSAGE_LENGTH, NEW_GAME_TEXT, VISUALIZE_MESSAGE_COST } from "@shared/commands";
import { ERRORS } from "@shared/errors";
import { FastForward, Image as ImageIcon, SendHorizontal, Square } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

const START_COMMAND = "/inizia";
const VISUALIZE_COMMAND = "/visualizza";

/**
 * Command buttons available once the game has started: label → text sent (spec §2), 'Continua'
 * next to the choices (issue 38 §4: the narrator goes on without a choice, one message).
 */
const COMMANDS = [
  { label: "/A", content: "/A" },
  { label: "/B", content: "/B" },
  { label: "/C", content: "/C" },
  { label: "Continua", content: CONTINUE_COMMAND, icon: FastForward },
  { label: "/nuovo", content: NEW_GAME_TEXT },
] as const;
/** The three choice letters, in the order of the buttons. */
const LETTERS: readonly ChoiceLetter[] = ["A", "B", "C"];

interface CommandBarProps {
  /** The game has started (spec §4): until then only '/inizia' can be sent. */
  started: boolean;
  /** The game is loading or a turn is in flight. */
  busy: boolean;
  /** A reply is being streamed: the send button becomes 'Stop'. */
  streaming: boolean;
  /** No messages left today (tokens.remaining === 0). */
  limitReached: boolean;
  /** Admins may use '/visualizza' before '/inizia' (spec §6). */
  canVisualizeBeforeStart?: boolean;
  /**
   * A visitor's game screen (spec §1, issue 22 §2): every command and any typed text is enabled,
   * and onSend takes them to /login.
   */
  visitor?: boolean;
  /** Scene images left this month; null = unlimited; undefined = unknown. */
  imagesLeft?: number | null;
  /** Messages left today (tokens.remaining); null = unlimited; undefined = unknown. */
  messagesLeft?: number | null;
  /**
   * A group story this player cannot move now (issue 24: another player's turn, or 'voto'): the
   * commands are hidden, the message box is disabled and this Italian reason is shown above it.
   */
  blockedReason?: string | null;
  /** The browser is offline (issue 39): the message box and every command are disabled. */
  offline?: boolean;
  /**
   * The latest narration's choices (extractChoices, issue 39): with all three, the /A /B /C buttons
   * show their texts (two lines at most; the whole text in the accessible name, '/A Segui…').
   */
  choices?: Partial<Record<ChoiceLetter, string>>;
  /** Called on each change of the message box (a group story tells the others 'sta scrivendo…'). */
  onTyping?(): void;
  /** Sends a message; resolves false when the server refused it (the text is given back). */
  onSend(content: string): Promise<boolean>;
  onStop(): void;
}

/** What an upgrade gives (issue 41), beside the links to /prezzi: no numbers, so it never disagrees with the plans table. */
const UPGRADE_GIVES = "Con Premium o Pro hai più messaggi al giorno e le scene illustrate con /visualizza.";

/**
 * '/inizia' (until started), '/visualizza (2 token)' (a scene image; admins may use it before the
 * start; its title tells the images left; with fewer than VISUALIZE_MESSAGE_COST messages left today
 * it is disabled and the reason is shown under the buttons, issue 22 §5), '/A', '/B', '/C', 'Continua'
 * (sends '/continua', issue 38 §4), '/nuovo' (sends 'Voglio iniziare un nuovo gioco'), and the message
 * box: Enter sends, Shift+Enter adds a line. With the latest narration's three `choices` (issue 39)
 * the lettered buttons show their texts, one per row on a phone (three columns from `sm`), at least
 * 44 px high, and the other commands follow in one compact row above the message box. Sending is disabled until the game has started (typing '/inizia' itself is allowed, as the
 * greeting suggests), while busy, for empty or whitespace-only text, and when the limit is reached
 * (spec §4, §5; the limit notice, and a note when no picture is left, say what an upgrade gives and link to /prezzi: issue 41), in a group story while `blockedReason` says why (issue 24), and offline (issue 39). For a visitor every command and any text can be sent (the page sends them to /login).
 */
export function CommandBar({ started, busy, streaming, limitReached, canVisualizeBeforeStart = false, visitor = false, imagesLeft, messagesLeft, blockedReason, offline = false, choices, onTyping, onSend, onStop }: CommandBarProps) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const visualizeReasonId = useId();
  const blockedReasonId = useId();
  const text = draft.trim();
  const canAct = !busy && !limitReached && !blockedReason && !offline;
  const lower = text.toLowerCase();
  // Zero left is the general limit (the banner above); one left is too few for a picture only.
  const tooFewForVisualize = !limitReached && messagesLeft != null && messagesLeft < VISUALIZE_MESSAGE_COST;
  const canSendDraft =
    canAct &&
    text !== "" &&
    (visitor || (lower === VISUALIZE_COMMAND ? (started || canVisualizeBeforeStart) && !tooFewForVisualize : started || lower === START_COMMAND));
  const imagesHint =
    imagesLeft === null ? "Immagini illimitate" : imagesLeft === undefined ? undefined : imagesLeft === 0 ? "Nessuna immagine disponibile nel tuo piano questo mese" : `Immagini rimaste questo mese: ${imagesLeft}`;

  const commandDisabled = !visitor && (!started || !canAct);
  // All three texts or none: a narration with two choices keeps the plain letters.
  const choiceTexts = started && LETTERS.every((letter) => choices?.[letter]) ? LETTERS.map((letter) => ({ letter, text: choices![letter]! })) : null;
  const commands = choiceTexts ? COMMANDS.filter((command) => !command.label.startsWith("/") || command.label === "/nuovo") : COMMANDS;

  const submit = async () => {
    if (!canSendDraft) return;
    setDraft("");
    if (!(await onSend(text))) setDraft((current) => current || text);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <div className="space-y-2">
      {limitReached && (
        <p role="status" className="rounded-lg border border-red-400/50 bg-red-950/50 px-3 py-2 text-sm text-red-100">
          <strong className="font-semibold">{ERRORS.MESSAGE_LIMIT.title}.</strong> {ERRORS.MESSAGE_LIMIT.message} {UPGRADE_GIVES}{" "}
          <Link to="/prezzi" className="font-semibold underline underline-offset-2">
            Vedi i piani
          </Link>
        </p>
      )}
      {/* A player who cannot move the story has no use for the commands: the phone's screen goes to the story. */}
      {!blockedReason && (
      <div role="group" aria-label="Comandi" className="space-y-2">
        {choiceTexts && (
          <div className="grid gap-2 sm:grid-cols-3">
            {choiceTexts.map(({ letter, text: choice }) => (
              <Button
                key={letter}
                type="button"
                variant="outline"
                title={choice}
                aria-label={`/${letter} ${choice}`}
                className="h-auto min-h-11 w-full items-start justify-start gap-2 px-3 py-2 text-left whitespace-normal"
                disabled={commandDisabled}
                onClick={() => void onSend(`/${letter}`)}
              >
                <span className="shrink-0 font-mono font-semibold text-violet-300">/{letter}</span>
                <span className="line-clamp-2 min-w-0 leading-snug font-normal">{choice}</span>
              </Button>
            ))}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {!started && (
            <Button
              type="button"
              className="h-10 bg-violet-700 px-5 font-semibold text-white hover:bg-violet-600"
              disabled={!canAct}
              onClick={() => void onSend(START_COMMAND)}
            >
              {START_COMMAND}
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            className={cn("h-10 font-mono", choiceTexts && "px-3 has-[>svg]:px-2.5")}
            disabled={!visitor && ((!started && !canVisualizeBeforeStart) || !canAct || tooFewForVisualize)}
            title={imagesHint}
            aria-label={imagesHint ? `/visualizza (2 token). ${imagesHint}` : "/visualizza (2 token)"}
            aria-describedby={tooFewForVisualize ? visualizeReasonId : undefined}
            onClick={() => void onSend(VISUALIZE_COMMAND)}
          >
            <ImageIcon aria-hidden />
            {/* Beside the choices a phone's row has room for the command only; the name keeps the cost. */}
            <span>
              /visualizza<span className={cn(choiceTexts && "max-sm:hidden")}> (2 token)</span>
            </span>
          </Button>
          {commands.map((command) => (
            <Button
              key={command.label}
              type="button"
              variant="outline"
              className={cn("h-10 min-w-12", "icon" in command ? "gap-1.5" : "font-mono", choiceTexts && "px-3 has-[>svg]:px-2.5")}
              disabled={commandDisabled}
              onClick={() => void onSend(command.content)}
            >
              {"icon" in command && <command.icon aria-hidden />}
              {command.label}
            </Button>
          ))}
        </div>
      </div>
      )}
      {tooFewForVisualize && (
        <p id={visualizeReasonId} className="text-sm text-amber-200">
          <strong className="font-semibold">{ERRORS.MESSAGE_LIMIT.title}</strong> per /visualizza: servono {VISUALIZE_MESSAGE_COST} messaggi, oggi te ne
          resta {messagesLeft}.
        </p>
      )}
      {!visitor && !blockedReason && imagesLeft === 0 && (
        <p className="text-sm text-muted-foreground">
          Nessuna scena illustrata disponibile nel tuo piano questo mese. {UPGRADE_GIVES}{" "}
          <Link to="/prezzi" className="font-semibold text-violet-200 underline underline-offset-2">
            Vedi i piani
          </Link>
        </p>
      )}
      {blockedReason && (
        <p id={blockedReasonId} className="rounded-lg border border-amber-400/40 bg-amber-950/40 px-3 py-2 text-sm text-amber-100">
          {blockedReason}
        </p>
      )}
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <Label htmlFor={inputId} className="sr-only">
          Scrivi la tua azione
        </Label>
        <Textarea
          id={inputId}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            onTyping?.();
          }}
          disabled={Boolean(blockedReason) || offline}
          aria-describedby={blockedReason ? blockedReasonId : undefined}
          onKeyDown={onKeyDown}
          maxLength={MAX_MESSAGE_LENGTH}
          rows={1}
          placeholder="Cosa fai? Scrivi la tua azione oppure scegli A, B o C…"
          className="max-h-40 min-h-10 resize-none"
        />
        {streaming ? (
          <Button type="button" variant="destructive" className="h-10 shrink-0" onClick={onStop}>
            <Square aria-hidden className="fill-current" />
            Stop
          </Button>
        ) : (
          <Button type="submit" size="icon" aria-label="Invia" className="size-10 shrink-0 bg-violet-700 text-white hover:bg-violet-600" disabled={!canSendDraft}>
            <SendHorizontal aria-hidden />
          </Button>
        )}
      </form>
    </div>
  );
}
