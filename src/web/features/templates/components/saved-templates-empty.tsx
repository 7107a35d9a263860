import { Bookmark } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * What 'Salvati' on /scopri and 'I miei preferiti' on /profilo show when the player has saved
 * nothing yet (issue 13): the reason, how to save a story, and a link to explore /scopri.
 */
export function SavedTemplatesEmpty({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col items-center text-center", className)}>
      <Bookmark aria-hidden="true" className="size-10 text-violet-300" />
      <p className="mt-4 text-lg">Non hai ancora salvato nessuna storia.</p>
      <p className="mt-1 text-sm text-muted-foreground">Premi «Salva» nella pagina di una storia per ritrovarla qui.</p>
      <Button asChild variant="outline" className="mt-6 rounded-full">
        <Link to="/scopri">Esplora le storie</Link>
      </Button>
    </div>
  );
}
