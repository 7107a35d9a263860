/**
 * Routes of spec §2 (route table): lazy pages, the redirects of the old English paths, guards
 * (login-required → /login; /login when signed in → /generi; /admin → server-checked admin).
 */

import { createBrowserRouter, Navigate, type RouteObject, useParams } from "react-router";
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

const comingSoon = (title: string) => ({
  lazy: async () => {
    const { ComingSoonPage } = await import("./features/coming-soon/pages/coming-soon-page");
    return { element: <ComingSoonPage title={title} /> };
  },
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, lazy: () => import("./features/landing/pages/landing-page").then((m) => ({ Component: m.LandingPage })) },
      { path: "generi", lazy: () => import("./features/genres/pages/genres-page").then((m) => ({ Component: m.GenresPage })) },
      { path: "login", lazy: () => import("./features/auth/pages/login-page").then((m) => ({ Component: m.LoginPage })) },
      { path: "scopri", ...comingSoon("Scopri le storie della community") },
      { path: "scopri/:slug/:templateId", ...comingSoon("Template") },
      { path: "crea-gioco", ...comingSoon("Crea il tuo Gioco") },
      { path: "galleria", ...comingSoon("Galleria") },
      { path: "galleria/:id/*", ...comingSoon("Galleria") },
      { path: "prezzi", ...comingSoon("Prezzi") },
      {
        lazy: () => import("./features/auth/components/require-auth").then((m) => ({ Component: m.RequireAuth })),
        children: [
          { path: "gioco/:genre/new", lazy: () => import("./features/game/pages/new-game-page").then((m) => ({ Component: m.NewGamePage })) },
          { path: "gioco/:genre/:gameId", lazy: () => import("./features/game/pages/game-page").then((m) => ({ Component: m.GamePage })) },
          { path: "profilo", ...comingSoon("Profilo") },
          { path: "notifiche", ...comingSoon("Notifiche") },
        ],
      },
      {
        path: "admin",
        lazy: () => import("./features/admin/components/admin-layout").then((m) => ({ Component: m.AdminLayout })),
        children: [
          { index: true, ...comingSoon("Dashboard") },
          { path: "users", ...comingSoon("Utenti") },
          { path: "activity", ...comingSoon("Partite Utenti") },
          { path: "templates", ...comingSoon("Template") },
          { path: "notifications", ...comingSoon("Notifiche") },
          { path: "genres", ...comingSoon("Generi") },
          { path: "orders", ...comingSoon("Ordini") },
        ],
      },
      ...redirects,
      { path: "*", lazy: () => import("./features/not-found/pages/not-found-page").then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes);
