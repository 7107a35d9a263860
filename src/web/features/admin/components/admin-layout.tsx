import { useQuery } from "@tanstack/react-query";
import { Bell, FileText, Gamepad2, LayoutDashboard, Receipt, Shield, Tags, Users } from "lucide-react";
import { useEffect } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner } from "@/components/ui/spinner";
import { ApiError, api } from "@/lib/api";
import { cn } from "@/lib/utils";

/** The seven admin menu entries (spec §2: Dashboard, Utenti, Partite Utenti, Template, Notifiche, Generi, Ordini). */
const ADMIN_MENU = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard, end: true },
  { to: "/admin/users", label: "Utenti", Icon: Users, end: false },
  { to: "/admin/activity", label: "Partite Utenti", Icon: Gamepad2, end: false },
  { to: "/admin/templates", label: "Template", Icon: FileText, end: false },
  { to: "/admin/notifications", label: "Notifiche", Icon: Bell, end: false },
  { to: "/admin/genres", label: "Generi", Icon: Tags, end: false },
  { to: "/admin/orders", label: "Ordini", Icon: Receipt, end: false },
] as const;

/**
 * Admin area frame and guard (spec §2 Guards, §6): asks the server (GET /api/admin/check) on
 * every entry whether the user is an admin. Visitors (401) go to /login; anyone else (403 or an
 * error) gets the toast 'Accesso negato' and is sent to /. Admins see the menu (a sidebar on
 * desktop, a horizontally scrolling bar on mobile) and the admin page.
 */
export function AdminLayout() {
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ["admin", "check"],
    queryFn: () => api<{ ok: true }>("/admin/check"),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (!check.isError) return;
    if (check.error instanceof ApiError && check.error.status === 401) {
      navigate("/login", { replace: true });
      return;
    }
    toast.error("Accesso negato", { id: "admin-denied", description: "Non hai i permessi per accedere a questa pagina" });
    navigate("/", { replace: true });
  }, [check.isError, check.error, navigate]);

  if (!check.isSuccess) return <CenteredSpinner />;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:gap-8 md:px-6 md:py-10">
      <aside className="md:w-56 md:shrink-0">
        <div className="md:sticky md:top-24">
          <p className="mb-3 hidden items-center gap-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase md:flex">
            <Shield aria-hidden="true" className="size-4" />
            Pannello Admin
          </p>
          <nav
            aria-label="Menu amministrazione"
            className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0"
          >
            {ADMIN_MENU.map(({ to, label, Icon, end }) => (
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
