/**
 * The waiting and failure states of the templates feature's pages (the template page and the
 * creator page, issue 40 §1): one skeleton frame while the page's query runs, and one 'not found'
 * or 'Errore' screen with the way back to Scopri (BackToScopri, also the template page's). Error texts are rendered as text.
 */

import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";

/**
 * The page while its query runs. Input: the status's accessible label ('Caricamento …'), the
 * frame's width and top spacing (className) and the skeletons (children).
 */
export function PageLoading({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-label={label} className={cn("mx-auto px-4 md:px-6", className)}>
      {children}
    </div>
  );
}

/**
 * The page when its query failed. Input: the error; the heading of a 404 (e.g. 'Template non
 * trovato.'); for any other error, a prefix of its message (e.g. 'Errore nel caricamento del
 * template: '). Output: the heading ('Errore' but for a 404), the message, 'Torna a Scopri'.
 */
export function PageError({ error, notFoundTitle, errorPrefix = "" }: { error: Error; notFoundTitle: string; errorPrefix?: string }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{notFound ? notFoundTitle : "Errore"}</h1>
      {!notFound && (
        <p className="mt-4 text-muted-foreground">
          {errorPrefix}
          {error.message}
        </p>
      )}
      <BackToScopri label="Torna a Scopri" variant="outline" className="mt-8 rounded-full" />
    </div>
  );
}

/** The way back to /scopri: a button-looking link with an arrow. Input: its text, the button's variant and classes. */
export function BackToScopri({ label, variant, className }: { label: string; variant: "outline" | "ghost"; className: string }) {
  return (
    <Button asChild variant={variant} className={className}>
      <Link to="/scopri">
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
