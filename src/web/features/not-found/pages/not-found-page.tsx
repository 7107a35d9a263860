import { Home } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** The 404 page for any unknown path (router '*'): message and a link to the home page. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center md:py-28">
      <p aria-hidden="true" className="bg-gradient-to-br from-violet-300 to-fuchsia-400 bg-clip-text text-8xl font-black text-transparent">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">Pagina non trovata</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        La pagina che cerchi non esiste o è stata spostata. Forse la tua storia continua altrove.
      </p>
      <Button asChild size="lg" className="mt-8 rounded-full">
        <Link to="/">
          <Home aria-hidden="true" />
          Torna alla home
        </Link>
      </Button>
    </div>
  );
}
