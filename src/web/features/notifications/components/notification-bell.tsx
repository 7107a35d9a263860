/**
 * The header's notifications bell (spec §2 Notification popover), light until first used (issue
 * 21): the button with the unread count is part of the page, rendered by the server and hydrated
 * with it; the popover's code (Radix, its positioning, the list) loads the first time the user
 * opens it, and starts loading as soon as they point at or focus the bell. The site frame
 * (app-shell/root-layout.tsx) hands it to the header for a signed-in user.
 */

import { lazy } from "react";
import { OnFirstUse } from "@/components/on-first-use";
import { useNotifications } from "../api";
import { BellButton } from "./bell-button";

const loadPopover = () => import("./notification-popover");
const NotificationPopover = lazy(loadPopover);

/** Output: the bell for a signed-in user, then the bell with its popover, open, once pressed. */
export function NotificationBell() {
  const { unread } = useNotifications();
  return (
    <OnFirstUse load={loadPopover} light={(handlers) => <BellButton unread={unread} aria-haspopup="dialog" aria-expanded={false} {...handlers} />}>
      <NotificationPopover />
    </OnFirstUse>
  );
}
