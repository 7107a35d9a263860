/**
 * The two views of /galleria (issue 13): 'Immagini' (the scenes, the default) and 'Storie
 * condivise' (?vista=storie), as links, so each view has its own address and the back button works.
 */

import { Link, useSearchParams } from "react-router";
import { cn } from "@/lib/utils";

export type GalleryView = "immagini" | "storie";

/** The view the address asks for: 'storie' with ?vista=storie, else 'immagini'. */
export function useGalleryView(): GalleryView {
  const [params] = useSearchParams();
  return params.get("vista") === "storie" ? "storie" : "immagini";
}

/** The switch between the views; the current one is marked with aria-current. */
export function GalleryViews({ view }: { view: GalleryView }) {
  const links: [GalleryView, string, string][] = [
    ["immagini", "Immagini", "/galleria"],
    ["storie", "Storie condivise", "/galleria?vista=storie"],
  ];
  return (
    <nav aria-label="Sezioni della galleria" className="mb-8 flex justify-center">
      <ul className="inline-flex gap-1 rounded-full border bg-card p-1">
        {links.map(([key, label, to]) => (
          <li key={key}>
            <Link
              to={to}
              aria-current={view === key ? "page" : undefined}
              className={cn(
                "block rounded-full px-4 py-1.5 text-sm font-medium outline-none transition focus-visible:ring-[3px] focus-visible:ring-ring/60",
                view === key ? "bg-violet-600 text-white" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
