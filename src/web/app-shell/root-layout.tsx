import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useMatch } from "react-router";
import { pageShown, usePageLoading } from "@/lib/page-loading";
import { useMe } from "@/lib/session";
import { useWorkerAccount } from "@/lib/service-worker";
import { useToasterWanted } from "@/lib/toast";
import { CookieBanner } from "@/components/layout/cookie-banner";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { useDocumentTitle } from "@/components/layout/use-document-title";
import { useLiveEvents } from "@/features/notifications/api";
import { NotificationBell } from "@/features/notifications/components/notification-bell";

// Issue 23: only accounts that never confirmed 'Ho almeno 14 anni' load it.
const AgeConfirmationDialog = lazy(() => import("@/features/auth/components/age-confirmation-dialog"));

// The toast outlet loads with the first toast (lib/toast.ts, issue 12).
const Toaster = lazy(() => import("@/components/ui/sonner").then((m) => ({ default: m.Toaster })));

/**
 * The site frame around every page (spec §2 Site frame): skip link, header (with the
 * notifications bell for a signed-in user), the routed page, footer (not under a game's message
 * box, /gioco/:genre/:id and /gioco/:genre/new, issue 39), cookie banner, the toast
 * outlet and, for an account that never confirmed its age, the 'Ho almeno 14 anni' dialog (issue
 * 23). The app's top floor (issue 37): it composes the layout components with the features they
 * show (notifications, auth), which the layout components never import. For a signed-in user it
 * listens to the live events, so new notifications and role changes arrive without a reload
 * (the bell and the header's Admin link follow them). Scrolls to the top on every route change
 * (not on the first page) and shows a thin progress bar while a lazy page is loading; the tab's
 * title follows the page's heading.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // The game's screen ends with its message box (issue 39): no site footer under it.
  const onGameScreen = useMatch("/gioco/:genre/:gameId") !== null;
  const pageLoading = usePageLoading();
  const main = useRef<HTMLElement>(null);
  useDocumentTitle(pathname, main);
  const toasterWanted = useToasterWanted();
  const { me } = useMe();
  // New notifications and role changes arrive live (the bell and the Admin link follow them).
  useLiveEvents(Boolean(me));
  // The offline stories kept by the service worker are the signed-in account's only (issue 39).
  useWorkerAccount(me === undefined ? undefined : (me?.user.id ?? null));

  // A new page opens at its top; the first page keeps the place it opened at (the game page
  // opens at the end of the story, issue 21).
  const shownPath = useRef(pathname);
  useEffect(() => {
    pageShown(pathname);
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenuto"
        className="sr-only z-50 rounded-md bg-violet-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Vai al contenuto
      </a>
      {pageLoading && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-gradient-to-r from-violet-500 via-fuchsia-400 to-violet-500" />
      )}
      <Header bell={<NotificationBell />} />
      <main ref={main} id="contenuto" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {!onGameScreen && <Footer />}
      <CookieBanner />
      {me?.ageConfirmationNeeded && (
        <Suspense>
          <AgeConfirmationDialog />
        </Suspense>
      )}
      {toasterWanted && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}
