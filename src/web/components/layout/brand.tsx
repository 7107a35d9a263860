import { cn } from "@/lib/utils";

/** Product name (DESIGN: configurable, default 'Storie'); set VITE_BRAND_NAME at build time to change it. */
export const BRAND_NAME: string = import.meta.env.VITE_BRAND_NAME ?? "Storie";

/** The brand mark 'Storie.ai' with the '.ai' suffix coloured (spec §2 Site frame). */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn("font-bold tracking-tight", className)}>
      {BRAND_NAME}
      <span className="text-fuchsia-300">.ai</span>
    </span>
  );
}
