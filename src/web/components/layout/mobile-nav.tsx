import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { MobileDrawerProps } from "./mobile-drawer";

const MobileDrawer = lazy(() => import("./mobile-drawer"));

/**
 * The mobile menu's button (spec §2 Site frame), shown below the md breakpoint; its drawer
 * (mobile-drawer.tsx) loads when it is first pressed, so no page pays for it up front (issue 12).
 * Input: who is signed in and the sign-out action, passed to the drawer.
 */
export function MobileNav(props: Omit<MobileDrawerProps, "open" | "onOpenChange">) {
  // null until first opened: nothing is loaded before.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <Button variant="ghost" size="icon" className="md:hidden" aria-label="Apri il menu" aria-haspopup="dialog" aria-expanded={open === true} onClick={() => setOpen(true)}>
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {open !== null && (
        <Suspense fallback={null}>
          <MobileDrawer {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
