import { KIND_SEGMENTS, type ContentKindName } from "@shared/content-kinds";
import { Flag } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** 'Segnala' on a public item (issue 23): opens /segnala/{kind}/{id}, for visitors and players alike. */
export function ReportLink({ kind, id }: { kind: ContentKindName; id: string }) {
  return (
    <Button asChild size="lg" variant="ghost" className="rounded-full text-muted-foreground">
      <Link to={`/segnala/${KIND_SEGMENTS[kind]}/${encodeURIComponent(id)}`}>
        <Flag aria-hidden />
        Segnala
      </Link>
    </Button>
  );
}
