/**
 * Routes of spec §2 (route table): lazy pages, the redirects of the old English paths, guards
 * (login-required → /login; /login when signed in → /generi; /admin → server-checked admin).
 * The public pages carry an id: the server renders them (entry-server.tsx, issue 12), and the
 * browser (main.tsx) makes its router over these routes.
 */

import { Navigate, type RouteObject, useParams } from "react-router";
import { RootLayout } from "./components/layout/root-layout";

/** Redirect keeping the path parameters: to("/gioco/:genre/:gameId") etc. */
function RedirectTo({ to }: { to: string }) {
  const params = useParams();
  const target = to.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""));
  return <Navigate to={target} replace />;
}

const redirects: RouteObject[] = [
  ["/discover", "/scopri"],
  ["/genres", "/generi"],
  ["/create", "/crea-gioco"],
  ["/game/:genre/:gameId", "/gioco/:genre/:gameId"],
  ["/gallery", "/galleria"],
  ["/gallery/:id", "/galleria/:id"],
  ["/pricing", "/prezzi"],
  ["/profile", "/profilo"],
  ["/admin/games", "/admin/activity"],
].map(([path, to]) => ({ path, element: <RedirectTo to={to!} /> }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { id: "landing", index: true, lazy: () => import("./features/landing/pages/landing-page").then((m) => ({ Component: m.LandingPage })) },
      { id: "genres", path: "generi", lazy: () => import("./features/genres/pages/genres-page").then((m) => ({ Component: m.GenresPage })) },
      { path: "login", lazy: () => import("./features/auth/pages/login-page").then((m) => ({ Component: m.LoginPage })) },
      {
        path: "reimposta-password",
        lazy: () => import("./features/auth/pages/reset-password-page").then((m) => ({ Component: m.ResetPasswordPage })),
      },
      { id: "discover", path: "scopri", lazy: () => import("./features/templates/pages/discover-page").then((m) => ({ Component: m.DiscoverPage })) },
      {
        id: "template",
        path: "scopri/:slug/:templateId",
        lazy: () => import("./features/templates/pages/template-page").then((m) => ({ Component: m.TemplatePage })),
      },
      { path: "crea-gioco", lazy: () => import("./features/create-game/pages/create-game-page").then((m) => ({ Component: m.CreateGamePage })) },
      { id: "gallery", path: "galleria", lazy: () => import("./features/gallery/pages/gallery-page").then((m) => ({ Component: m.GalleryPage })) },
      { id: "image", path: "galleria/:id/*", lazy: () => import("./features/gallery/pages/image-page").then((m) => ({ Component: m.ImagePage })) },
      { id: "pricing", path: "prezzi", lazy: () => import("./features/pricing/pages/pricing-page").then((m) => ({ Component: m.PricingPage })) },
      {
        lazy: () => import("./features/auth/components/require-auth").then((m) => ({ Component: m.RequireAuth })),
        children: [
          { path: "gioco/:genre/new", lazy: () => import("./features/game/pages/new-game-page").then((m) => ({ Component: m.NewGamePage })) },
          { path: "gioco/:genre/:gameId", lazy: () => import("./features/game/pages/game-page").then((m) => ({ Component: m.GamePage })) },
          { path: "profilo", lazy: () => import("./features/profile/pages/profile-page").then((m) => ({ Component: m.ProfilePage })) },
          {
            path: "notifiche",
            lazy: () => import("./features/notifications/pages/notifications-page").then((m) => ({ Component: m.NotificationsPage })),
          },
        ],
      },
      {
        path: "admin",
        lazy: () => import("./features/admin/components/admin-layout").then((m) => ({ Component: m.AdminLayout })),
        children: [
          { index: true, lazy: () => import("./features/admin/pages/dashboard-page").then((m) => ({ Component: m.DashboardPage })) },
          { path: "users", lazy: () => import("./features/admin/pages/users-page").then((m) => ({ Component: m.UsersPage })) },
          { path: "activity", lazy: () => import("./features/admin/pages/activity-page").then((m) => ({ Component: m.ActivityPage })) },
          {
            path: "templates",
            lazy: () => import("./features/admin/pages/templates/admin-templates-page").then((m) => ({ Component: m.AdminTemplatesPage })),
          },
          {
            path: "notifications",
            lazy: () =>
              import("./features/notifications/pages/admin-notifications-page").then((m) => ({ Component: m.AdminNotificationsPage })),
          },
          { path: "genres", lazy: () => import("./features/admin/pages/genres-page").then((m) => ({ Component: m.GenresPage })) },
          { path: "orders", lazy: () => import("./features/admin/pages/orders-page").then((m) => ({ Component: m.OrdersPage })) },
          { path: "audit", lazy: () => import("./features/admin/pages/audit-page").then((m) => ({ Component: m.AuditPage })) },
          { path: "shares", lazy: () => import("./features/admin/pages/shares-page").then((m) => ({ Component: m.SharesPage })) },
        ],
      },
      ...redirects,
      { path: "*", lazy: () => import("./features/not-found/pages/not-found-page").then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];
