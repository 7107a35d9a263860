import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardTitle } from "@/components/ui/card";

/** The title of a /profilo card (spec §2 Profile): its icon and its h2 (`id` for aria-labelledby). */
export function ProfileCardTitle({ icon: Icon, id, children }: { icon: LucideIcon; id?: string; children: ReactNode }) {
  return (
    <CardTitle className="flex items-center gap-2 text-lg">
      <Icon aria-hidden="true" className="size-5 text-violet-300" />
      <h2 id={id}>{children}</h2>
    </CardTitle>
  );
}
