import { SITE_CONFIG } from "@/lib/site-config";
import { cn } from "@/lib/utils";

/** Product name (DESIGN: configurable, default 'Storie'): the server's BRAND_NAME, read at start. */
export const BRAND_NAME: string = SITE_CONFIG.brandName;

/** The brand mark 'Storie.ai' with the '.ai' suffix coloured (spec §2 Site frame). */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn("font-bold tracking-tight", className)}>
      {BRAND_NAME}
      <span className="text-fuchsia-300">.ai</span>
    </span>
  );
}
