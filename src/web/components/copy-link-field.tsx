/**
 * A link to hand on (issue 13 'Condividi', issue 24 'Gioca insieme'): its full address in a
 * read-only field (selected on focus) and 'Copia link', which says in a toast whether it copied.
 */

import { Copy } from "lucide-react";
import { useId } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** Input: the field's label and the site-relative path (shown with this site's origin). */
export function CopyLinkField({ label, path }: { label: string; path: string }) {
  const inputId = useId();
  const url = `${window.location.origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copiato");
    } catch {
      toast.error("Copia non riuscita", { description: "Seleziona il link e copialo a mano." });
    }
  };
  return (
    <>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input id={inputId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 text-sm" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copia link
        </Button>
      </div>
    </>
  );
}
