/**
 * Routes of spec §2 (route table): lazy pages, the redirects of the old English paths, guards
 * (login-required → /login; /login when signed in → /generi; /admin → server-checked admin).
 * The pages the server renders carry an id (entry-server.tsx: the public pages, issue 12; the
 * game page and /profilo for the signed-in player, issue 21). React Router runs in its
 * declarative mode (ADR 0020): the browser (start.tsx) and the server render AppRoutes inside
 * their own router, and a page's code loads when the page is first shown (React.lazy).
 */

import { type ComponentType, lazy } from "react";
import { LEGACY_PATHS, legacyTarget } from "@shared/legacy-paths";
import { matchRoutes, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import { RootLayout } from "./app-shell/root-layout";
import { anyPageShown, trackPageLoad } from "./lib/page-loading";

/** Redirect of an old address on client navigation, keeping its parameters, query and #fragment (issue 22 §7). */
function RedirectTo({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={legacyTarget(to, params, search) + hash} replace />;
}

/** The page modules, each its own chunk, by path from src/web (the keys of Vite's build manifest). */
const pageModules = import.meta.glob<Record<string, ComponentType>>("./features/*/pages/*.tsx");

/** What a lazy route's handle holds. */
export interface PageHandle {
  /** The module's path from src/web, so the server can tell the browser to fetch it with the page it renders (issue 12). */
  module?: string;
  /** Loads the route's code (once); the route then renders at once, without suspending. */
  preload(): Promise<ComponentType>;
}

/**
 * A route whose component `load` fetches. Output: its element and handle. The element renders
 * the component at once when its code is there (preloaded: a page the browser hydrates, start.tsx),
 * else through React.lazy, which suspends the navigation (the router's transition keeps the
 * previous page on screen) while trackPageLoad reports the loading. Code that fails to download
 * (a new release replaced the chunks) is not an error on screen: the browser loads the page it
 * was going to from the server, the previous page staying until it does (only when the app had
 * already shown a page: not on the document's first render, which would reload for ever).
 */
function lazyRoute(load: () => Promise<ComponentType>, module?: string): Pick<RouteObject, "element" | "handle"> {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() =>
    trackPageLoad(preload()).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // On the server, the page then goes out unrendered (prerender.ts); on a document's first
        // render, the page just came from the server: loading it again could loop for ever.
        if (typeof window === "undefined" || !anyPageShown()) throw error;
        window.location.reload();
        return new Promise<never>(() => {});
      },
    ),
  );
  function RoutePage() {
    const Page = loaded;
    return Page ? <Page /> : <Lazy />;
  }
  return { element: <RoutePage />, handle: { module, preload } satisfies PageHandle };
}

/** A route's lazy page: `module` (e.g. "features/landing/pages/landing-page.tsx") and its export. */
function page(module: string, exportName: string): Pick<RouteObject, "element" | "handle"> {
  const load = pageModules[`./${module}`];
  if (!load) throw new Error(`Pagina sconosciuta: ${module}`);
  return lazyRoute(() => load().then((m) => m[exportName]!), module);
}

/** Id of the catch-all route: an address no page of the site has (the server answers it with 404). */
export const NOT_FOUND_ROUTE_ID = "not-found";

const redirects: RouteObject[] = LEGACY_PATHS.map(([path, to]) => ({ path, element: <RedirectTo to={to} /> }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { id: "landing", index: true, ...page("features/landing/pages/landing-page.tsx", "LandingPage") },
      { id: "genres", path: "generi", ...page("features/genres/pages/genres-page.tsx", "GenresPage") },
      { path: "login", ...page("features/auth/pages/login-page.tsx", "LoginPage") },
      {
        path: "reimposta-password",
        ...page("features/auth/pages/reset-password-page.tsx", "ResetPasswordPage"),
      },
      { id: "discover", path: "scopri", ...page("features/templates/pages/discover-page.tsx", "DiscoverPage") },
      {
        id: "template",
        path: "scopri/:slug/:templateId",
        ...page("features/templates/pages/template-page.tsx", "TemplatePage"),
      },
      // Issue 40 §1: a player's creator page.
      { id: "creator", path: "autore/:nickname", ...page("features/templates/pages/creator-page.tsx", "CreatorPage") },
      // Visitors see the game screen with the greeting (spec §1); the page itself sends them to /login.
      { path: "gioco/:genre/new", ...page("features/game/pages/new-game-page.tsx", "NewGamePage") },
      { path: "crea-gioco", ...page("features/create-game/pages/create-game-page.tsx", "CreateGamePage") },
      { id: "gallery", path: "galleria", ...page("features/gallery/pages/gallery-page.tsx", "GalleryPage") },
      { id: "image", path: "galleria/:id/*", ...page("features/gallery/pages/image-page.tsx", "ImagePage") },
      { id: "pricing", path: "prezzi", ...page("features/pricing/pages/pricing-page.tsx", "PricingPage") },
      // Issue 23: 'Segnala' on a public item, for visitors and players alike.
      // Issue 24: a friend's invitation to play a story together; visitors see it and are sent to sign in from it.
      { path: "invito/:token", ...page("features/group/pages/invitation-page.tsx", "InvitationPage") },
      { path: "segnala/:kind/:id", ...page("features/moderation/pages/report-page.tsx", "ReportPage") },
      {
        // Named like a page's module, so the server has the browser fetch it with a page it renders.
        ...lazyRoute(() => import("./features/auth/components/require-auth").then((m) => m.RequireAuth), "features/auth/components/require-auth.tsx"),
        children: [
          { id: "game", path: "gioco/:genre/:gameId", ...page("features/game/pages/game-page.tsx", "GamePage") },
          { id: "profile", path: "profilo", ...page("features/profile/pages/profile-page.tsx", "ProfilePage") },
          {
            path: "notifiche",
            ...page("features/notifications/pages/notifications-page.tsx", "NotificationsPage"),
          },
          // Issue 23: a statement of reasons, for the author of the moderated content.
          { path: "decisioni/:id", ...page("features/moderation/pages/decision-page.tsx", "DecisionPage") },
        ],
      },
      {
        path: "admin",
        ...lazyRoute(() => import("./features/admin/components/admin-layout").then((m) => m.AdminLayout)),
        children: [
          { index: true, ...page("features/admin/pages/dashboard-page.tsx", "DashboardPage") },
          { path: "users", ...page("features/admin/pages/users-page.tsx", "UsersPage") },
          { path: "users/:id", ...page("features/admin/pages/user-page.tsx", "UserPage") },
          { path: "activity", ...page("features/admin/pages/activity-page.tsx", "ActivityPage") },
          {
            path: "templates",
            ...lazyRoute(() => import("./features/admin/pages/templates/admin-templates-page").then((m) => m.AdminTemplatesPage)),
          },
          {
            path: "notifications",
            ...page("features/notifications/pages/admin-notifications-page.tsx", "AdminNotificationsPage"),
          },
          { path: "genres", ...page("features/admin/pages/genres-page.tsx", "GenresPage") },
          { path: "orders", ...page("features/admin/pages/orders-page.tsx", "OrdersPage") },
          { path: "audit", ...page("features/admin/pages/audit-page.tsx", "AuditPage") },
          { path: "shares", ...page("features/admin/pages/shares-page.tsx", "SharesPage") },
          { path: "reports", ...page("features/moderation/pages/reports-queue-page.tsx", "ReportsQueuePage") },
          { path: "usage", ...page("features/admin/pages/usage-page.tsx", "UsagePage") },
        ],
      },
      ...redirects,
      { id: NOT_FOUND_ROUTE_ID, path: "*", ...page("features/not-found/pages/not-found-page.tsx", "NotFoundPage") },
    ],
  },
];

/**
 * Input: a path. Output: resolves once the code of every route it matches has loaded (the first
 * render of those routes then matches the server's HTML without suspending). Errors: a failed
 * download rejects.
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as PageHandle | undefined)?.preload()));
}

/** The site's routes, rendered inside the browser's or the server's router. */
export function AppRoutes() {
  return useRoutes(routes);
}
