/** The buttons under a Memoria form: save (a spinner while it is sent) and 'Annulla'. */

import { Save, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** Input: the submit button's label, whether the form is being sent, and what 'Annulla' does. */
export function FormButtons({ submitLabel, submitting, onCancel }: { submitLabel: string; submitting: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" size="sm" disabled={submitting}>
        {submitting ? <Spinner /> : <Save aria-hidden />}
        {submitLabel}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={submitting}>
        <X aria-hidden />
        Annulla
      </Button>
    </div>
  );
}
