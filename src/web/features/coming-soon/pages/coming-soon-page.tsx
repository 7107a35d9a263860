import { ArrowLeft, Hourglass } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * Placeholder for sections not built yet (router: /scopri, /crea-gioco, /galleria, /prezzi,
 * /profilo, /notifiche, admin screens). Input: `title`, the section's Italian name, shown as h1.
 */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center md:py-28">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary/20 text-violet-300 ring-1 ring-primary/40">
        <Hourglass aria-hidden="true" className="size-8" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">Questa sezione è in arrivo: ci stiamo lavorando!</p>
      <Button asChild size="lg" className="mt-8 rounded-full">
        <Link to="/generi">
          <ArrowLeft aria-hidden="true" />
          Torna ai Generi
        </Link>
      </Button>
    </div>
  );
}
