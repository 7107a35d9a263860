/**
 * The header's notifications bell (spec §2 Notification popover), light until first used (issue
 * 21): the button with the unread count is part of the page, rendered by the server and hydrated
 * with it; the popover's code (Radix, its positioning, the list) loads the first time the user
 * opens it, and starts loading as soon as they point at or focus the bell.
 */

import { Bell } from "lucide-react";
import { type ComponentProps, lazy } from "react";
import { OnFirstUse } from "@/components/on-first-use";
import { Button } from "@/components/ui/button";
import { useNotifications } from "@/features/notifications/api";

const loadPopover = () => import("./notification-popover");
const NotificationPopover = lazy(loadPopover);

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

/** Output: the bell for a signed-in user, then the bell with its popover, open, once pressed. */
export function NotificationBell() {
  const { unread } = useNotifications();
  return (
    <OnFirstUse load={loadPopover} light={(handlers) => <BellButton unread={unread} aria-haspopup="dialog" aria-expanded={false} {...handlers} />}>
      <NotificationPopover />
    </OnFirstUse>
  );
}
