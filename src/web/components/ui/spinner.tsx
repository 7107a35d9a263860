import { Loader2Icon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

function Spinner({ className, ...props }: React.ComponentProps<"svg">) {
  return <Loader2Icon role="status" aria-label="Caricamento" className={cn("size-4 animate-spin", className)} {...props} />;
}

/** A spinner centred in the page area, for guards and pages still loading. */
function CenteredSpinner({ className }: { className?: string }) {
  return (
    <div className={cn("flex min-h-[50vh] items-center justify-center", className)}>
      <Spinner className="size-8 text-violet-300" />
    </div>
  );
}

export { CenteredSpinner, Spinner };
