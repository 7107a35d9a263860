import { ERRORS } from "@shared/errors";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** A page-sized notice: an icon, its heading and text, and one way back. */
export function PageNotice({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <ShieldAlert aria-hidden className="mb-5 size-12 text-violet-300" />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">{message}</p>
      <Button asChild size="lg" className="mt-8 rounded-full">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}

/**
 * What a page shows for an item a moderator removed (issue 23: its address answers 410): the
 * Italian notice of CONTENT_REMOVED (or of CONTENT_UNDER_REVIEW when `underReview`: automatic
 * screening holds it for a moderator) and the way back to the gallery or Scopri.
 */
export function RemovedNotice({ underReview = false, back = { to: "/galleria", label: "Torna alla galleria" } }: { underReview?: boolean; back?: { to: string; label: string } }) {
  const text = underReview ? ERRORS.CONTENT_UNDER_REVIEW : ERRORS.CONTENT_REMOVED;
  return <PageNotice title={text.title} message={text.message} back={back} />;
}

/** True when a failed query means removed (410) or held for review (CONTENT_UNDER_REVIEW). */
export function moderationRefusal(error: unknown): { underReview: boolean } | null {
  const status = (error as { status?: number } | null)?.status;
  const code = (error as { code?: string } | null)?.code;
  if (status === 410) return { underReview: false };
  if (code === "CONTENT_UNDER_REVIEW") return { underReview: true };
  return null;
}
