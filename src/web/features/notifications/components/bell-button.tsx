/**
 * The header's bell button (spec §2 Notification popover): shown light by notification-bell.tsx
 * until first used, and as the trigger of the popover (notification-popover.tsx) once it has
 * loaded. Both import it from here, so neither imports the other's module back.
 */

import { Bell } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/**
 * Input: the unread count; other props go to the button (the popover's trigger passes its own).
 * Output: the bell, named 'Notifiche' or 'Notifiche (n non lette)', with the count's badge (99+
 * beyond 99).
 */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<typeof Button>) {
  const label = unread > 0 ? `Notifiche (${unread} non ${unread === 1 ? "letta" : "lette"})` : "Notifiche";
  return (
    <Button variant="ghost" size="icon" aria-label={label} className="relative" {...props}>
      <Bell aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="bell-badge"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-fuchsia-700 px-1 text-[10px] leading-none font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Button>
  );
}
