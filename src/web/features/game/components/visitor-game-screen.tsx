/**
 * The game screen a visitor sees at /gioco/{genre}/new (spec §1: visitors "see the assistant's
 * greeting, but they cannot start"; issue 22 §2): the genre's header and greeting and every
 * command. Starting, sending typed text or any command takes them to /login with 'Accesso
 * richiesto' / 'Devi effettuare il login per iniziare una nuova partita' (spec §5), and back to
 * this page (so to a new game of this genre) after signing in.
 */

import { ERRORS } from "@shared/errors";
import { greetingFor, newStoryTitle, type GenreName } from "@shared/genres";
import { useLoginRedirect } from "@/lib/login-redirect";
import { ChatMessage } from "./chat-message";
import { CommandBar } from "./command-bar";
import { GameHeader } from "./game-header";

/** Input: the genre of the URL. Output: the page (header, greeting bubble, command bar). */
export function VisitorGameScreen({ genre }: { genre: GenreName }) {
  const sendToLogin = useLoginRedirect();
  const toLogin = () => {
    sendToLogin(ERRORS.START_LOGIN_REQUIRED);
    // Nothing was sent: the command bar keeps what was typed.
    return Promise.resolve(false);
  };
  return (
    <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-3 pt-4 sm:px-6 sm:pt-6">
      <GameHeader genre={genre} title={newStoryTitle(genre)} progress={0} tokens={null} offline={false} />
      <section aria-label="Conversazione" className="flex-1 py-5">
        <ol className="flex flex-col gap-5">
          <ChatMessage role="assistant" content={greetingFor(genre)} />
        </ol>
      </section>
      <div className="sticky bottom-0 z-10 -mx-3 border-t bg-background/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6">
        <CommandBar started={false} busy={false} streaming={false} limitReached={false} visitor onSend={toLogin} onStop={() => undefined} />
      </div>
    </div>
  );
}
