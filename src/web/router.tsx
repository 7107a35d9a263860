/**
 * Routes of spec §2 (route table): lazy pages, the redirects of the old English paths, guards
 * (login-required → /login; /login when signed in → /generi; /admin → server-checked admin).
 * The pages the server renders carry an id (entry-server.tsx: the public pages, issue 12; the
 * game page and /profilo for the signed-in player, issue 21), and the browser (start.tsx) makes its
 * router over these routes.
 */

import type { ComponentType } from "react";
import { LEGACY_PATHS, legacyTarget } from "@shared/legacy-paths";
import { Navigate, type RouteObject, useLocation, useParams } from "react-router";
import { RootLayout } from "./components/layout/root-layout";

/** Redirect of an old address on client navigation, keeping its parameters, query and #fragment (issue 22 §7). */
function RedirectTo({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={legacyTarget(to, params, search) + hash} replace />;
}

/** The page modules, each its own chunk, by path from src/web (the keys of Vite's build manifest). */
const pageModules = import.meta.glob<Record<string, ComponentType>>("./features/*/pages/*.tsx");

/**
 * A route's lazy page: `module` (e.g. "features/landing/pages/landing-page.tsx") and its export.
 * The route's handle names the module, so the server can tell the browser to fetch it with the
 * page it renders (entry-server.tsx routeModules, issue 12).
 */
function page(module: string, exportName: string): Pick<RouteObject, "lazy" | "handle"> {
  const load = pageModules[`./${module}`];
  if (!load) throw new Error(`Pagina sconosciuta: ${module}`);
  return { handle: { module } satisfies PageHandle, lazy: () => load().then((m) => ({ Component: m[exportName] })) };
}

/** What a page route's handle holds. */
export interface PageHandle {
  module: string;
}

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
        handle: { module: "features/auth/components/require-auth.tsx" } satisfies PageHandle,
        lazy: () => import("./features/auth/components/require-auth").then((m) => ({ Component: m.RequireAuth })),
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
        lazy: () => import("./features/admin/components/admin-layout").then((m) => ({ Component: m.AdminLayout })),
        children: [
          { index: true, ...page("features/admin/pages/dashboard-page.tsx", "DashboardPage") },
          { path: "users", ...page("features/admin/pages/users-page.tsx", "UsersPage") },
          { path: "users/:id", ...page("features/admin/pages/user-page.tsx", "UserPage") },
          { path: "activity", ...page("features/admin/pages/activity-page.tsx", "ActivityPage") },
          {
            path: "templates",
            lazy: () => import("./features/admin/pages/templates/admin-templates-page").then((m) => ({ Component: m.AdminTemplatesPage })),
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
      { path: "*", ...page("features/not-found/pages/not-found-page.tsx", "NotFoundPage") },
    ],
  },
];
