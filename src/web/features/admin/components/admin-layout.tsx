import { useQuery } from "@tanstack/react-query";
import { Bell, BookOpen, Cpu, FileText, Flag, Gamepad2, LayoutDashboard, Receipt, ScrollText, Shield, ShieldAlert, Tags, Users } from "lucide-react";
import { useEffect } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { CenteredSpinner } from "@/components/ui/spinner";
import { ADMIN_2FA_SETUP_PATH } from "@/lib/admin-two-factor";
import { ApiError } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import { moderationAccessQuery } from "@/lib/moderation-access";

/** The moderation queue (issue 23): moderators' whole admin area. */
const REPORTS_PATH = "/admin/reports";

// Two admins at once (issue 22 §9): admin pages read their data again when the window gets focus.
queryClient.setQueryDefaults(["admin"], { refetchOnWindowFocus: true });

/**
 * The admin menu: the seven entries of spec §2 (Dashboard, Utenti, Partite Utenti, Template,
 * Notifiche, Generi, Ordini), then 'Registro attività' (issue 9 finding 8), 'Storie condivise'
 * (issue 13: taking shared stories down), 'Utilizzo AI' (issue 20: tokens, cost, daily budget) and
 * 'Segnalazioni' (issue 23: the moderation queue, the only entry moderators see).
 */
const ADMIN_MENU = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard, end: true },
  { to: "/admin/users", label: "Utenti", Icon: Users, end: false },
  { to: "/admin/activity", label: "Partite Utenti", Icon: Gamepad2, end: false },
  { to: "/admin/templates", label: "Template", Icon: FileText, end: false },
  { to: "/admin/notifications", label: "Notifiche", Icon: Bell, end: false },
  { to: "/admin/genres", label: "Generi", Icon: Tags, end: false },
  { to: "/admin/orders", label: "Ordini", Icon: Receipt, end: false },
  { to: "/admin/audit", label: "Registro attività", Icon: ScrollText, end: false },
  { to: "/admin/shares", label: "Storie condivise", Icon: BookOpen, end: false },
  { to: "/admin/usage", label: "Utilizzo AI", Icon: Cpu, end: false },
  { to: REPORTS_PATH, label: "Segnalazioni", Icon: Flag, end: false },
] as const;

/**
 * What the admin guard does with a failed check (spec §2 Guards, §6, §8 Admin guard texts):
 * - 401 (no session, or it expired): 'Accesso non autorizzato', then /login;
 * - 403 (signed in, not an admin): 'Accesso negato' / 'Non hai i permessi per accedere a questa
 *   pagina', then / (spec §2 'Not admin on an admin route');
 * - 403 ADMIN_2FA_REQUIRED (an admin without two-step verification under REQUIRE_ADMIN_2FA,
 *   issue 10): the server's text, then Profilo → Sicurezza to set it up;
 * - the check could not run (network down: 'Errore di autorizzazione'; server error: 'Verifica di
 *   sicurezza fallita'): stay, say so, and offer 'Riprova' — an admin is not thrown out by a
 *   failure that says nothing about their role.
 */
export function guardOutcome(error: unknown): { leaveTo: string | null; title: string; description: string } {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) return { leaveTo: "/login", title: "Accesso non autorizzato", description: "Accedi di nuovo per continuare." };
  if (error instanceof ApiError && error.code === "ADMIN_2FA_REQUIRED") return { leaveTo: ADMIN_2FA_SETUP_PATH, title: error.title, description: error.message };
  if (status === 403) return { leaveTo: "/", title: "Accesso negato", description: "Non hai i permessi per accedere a questa pagina" };
  if (status === 0) return { leaveTo: null, title: "Errore di autorizzazione", description: "Impossibile contattare il server. Controlla la connessione e riprova." };
  return { leaveTo: null, title: "Verifica di sicurezza fallita", description: "Non è stato possibile verificare i permessi. Riprova tra poco." };
}

/**
 * Admin area frame and guard (spec §2 Guards, §6): asks the server (GET /api/moderation/access) on
 * every entry whether the user is an admin or a moderator, and acts on a failure as guardOutcome
 * says (retrying a failed run twice first). Admins see the menu (a sidebar on desktop, a
 * horizontally scrolling bar on mobile) and the admin page; moderators (issue 23) see only
 * 'Segnalazioni', and any other admin page sends them there (the server refuses them anyway).
 */
export function AdminLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const check = useQuery(moderationAccessQuery);
  const outcome = check.isError ? guardOutcome(check.error) : null;
  const moderatorOnly = check.data?.role === "moderator";
  const outsideQueue = moderatorOnly && !pathname.startsWith(REPORTS_PATH);

  useEffect(() => {
    if (!outsideQueue) return;
    if (pathname.replace(/\/+$/, "") !== "/admin") toast.error("Accesso negato", { id: "admin-denied", description: "Non hai i permessi per accedere a questa pagina" });
    navigate(REPORTS_PATH, { replace: true });
  }, [outsideQueue, pathname, navigate]);

  useEffect(() => {
    if (!outcome?.leaveTo) return;
    toast.error(outcome.title, { id: "admin-denied", description: outcome.description });
    navigate(outcome.leaveTo, { replace: true });
  }, [outcome?.leaveTo, outcome?.title, outcome?.description, navigate]);

  // A re-check that failed to run (e.g. on window focus) keeps the page an admin already had.
  if (outcome && !outcome.leaveTo && !check.data) {
    return (
      <div role="alert" className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-violet-300" />
        <h1 className="text-xl font-semibold">{outcome.title}</h1>
        <p className="text-muted-foreground">{outcome.description}</p>
        <Button className="mx-auto" disabled={check.isFetching} onClick={() => void check.refetch()}>
          {check.isFetching ? "Verifica in corso..." : "Riprova"}
        </Button>
      </div>
    );
  }
  if (!check.data || outcome?.leaveTo || outsideQueue) return <CenteredSpinner />;
  const menu = moderatorOnly ? ADMIN_MENU.filter((entry) => entry.to === REPORTS_PATH) : ADMIN_MENU;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:gap-8 md:px-6 md:py-10">
      <aside className="md:w-56 md:shrink-0">
        <div className="md:sticky md:top-24">
          <p className="mb-3 hidden items-center gap-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase md:flex">
            <Shield aria-hidden="true" className="size-4" />
            {moderatorOnly ? "Moderazione" : "Pannello Admin"}
          </p>
          <nav
            aria-label="Menu amministrazione"
            className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0"
          >
            {menu.map(({ to, label, Icon, end }) => (
              <NavLink
                key={to}
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    "flex shrink-0 items-center gap-2 rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 md:rounded-md",
                    isActive
                      ? "bg-violet-600 text-white"
                      : "bg-secondary/60 text-muted-foreground hover:bg-accent hover:text-foreground md:bg-transparent",
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            ))}
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
