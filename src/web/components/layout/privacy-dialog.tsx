import { cloneElement, lazy, type MouseEvent, type ReactElement, Suspense, useState } from "react";

const PrivacyNotice = lazy(() => import("./privacy-notice"));

/**
 * The 'Privacy Policy' button and its notice (spec §1, §2 Site frame footer; privacy-notice.tsx).
 * The notice's code loads when the button is first pressed, so no page pays for it up front
 * (issue 12). Input: `trigger`, the button that opens it.
 */
export function PrivacyDialog({ trigger }: { trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }> }) {
  // null until first opened: nothing is loaded before.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      {cloneElement(trigger, {
        type: "button",
        "aria-haspopup": "dialog",
        "aria-expanded": open === true,
        onClick: (event: MouseEvent) => {
          trigger.props.onClick?.(event);
          setOpen(true);
        },
      } as Partial<typeof trigger.props>)}
      {open !== null && (
        <Suspense fallback={null}>
          <PrivacyNotice open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
