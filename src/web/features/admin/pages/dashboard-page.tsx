import { PLAN_LABELS } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { Bot, Gamepad2, ImageIcon, MessageSquare, ShieldAlert, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CenteredSpinner } from "@/components/ui/spinner";
import { Link } from "react-router";
import { formatCount } from "@/lib/format";
import { recentAuditQuery, statsQuery } from "../api";
import { ModerationFigures } from "@/features/moderation";
import { AdminPageHeader } from "../components/admin-page-header";
import { AuditEntryItem } from "../components/audit-entry-item";
import { AiBudgetCard } from "../components/ai-budget-card";

function StatCard({ title, value, icon }: { title: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="flex flex-row items-center justify-between px-5">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span aria-hidden="true" className="text-violet-300">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="px-5">
        <p className="text-3xl font-bold tabular-nums">{value}</p>
      </CardContent>
    </Card>
  );
}

/**
 * /admin (spec §2 Admin dashboard): stat cards for users, games, images and today's player
 * messages; users per plan; the active AI providers (the offline ones marked 'offline'); and the
 * ten newest entries of the security audit log, with a link to 'Registro attività'. On failure: 'Impossibile recuperare le statistiche'.
 */
export function DashboardPage() {
  const stats = useQuery(statsQuery);
  const audit = useQuery(recentAuditQuery(10));

  return (
    <div>
      <AdminPageHeader title="Dashboard" description="Panoramica di utenti, partite e piani." />
      {stats.isPending ? (
        <CenteredSpinner className="min-h-[30vh]" />
      ) : stats.isError ? (
        <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-4 text-red-100">
          Impossibile recuperare le statistiche
        </p>
      ) : (
        <div className="grid gap-6">
          <section aria-label="Statistiche" className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 xl:grid-cols-4">
            <StatCard title="Utenti" value={formatCount(stats.data.users)} icon={<Users className="size-5" />} />
            <StatCard title="Partite" value={formatCount(stats.data.games)} icon={<Gamepad2 className="size-5" />} />
            <StatCard title="Immagini" value={formatCount(stats.data.images)} icon={<ImageIcon className="size-5" />} />
            <StatCard title="Messaggi oggi" value={formatCount(stats.data.messagesToday)} icon={<MessageSquare className="size-5" />} />
          </section>
          {/* Issue 23: open reports and the median time to a decision. */}
          <ModerationFigures linked />
          <div className="grid gap-4 lg:grid-cols-2">
            <Card className="gap-4">
              <CardHeader>
                <CardTitle>
                  <h2>Utenti per piano</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-3">
                  {stats.data.plans.map((p) => {
                    const share = stats.data.users ? Math.round((p.users / stats.data.users) * 100) : 0;
                    return (
                      <li key={p.plan} className="grid gap-1">
                        <div className="flex justify-between text-sm">
                          <span>{PLAN_LABELS[p.plan] ?? p.name}</span>
                          <span className="tabular-nums text-muted-foreground">
                            {formatCount(p.users)} ({share}%)
                          </span>
                        </div>
                        <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                          <div className="h-full rounded-full bg-violet-500" style={{ width: `${share}%` }} />
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </CardContent>
            </Card>
            <Card className="gap-4">
              <CardHeader>
                <CardTitle>
                  <h2>Provider AI attivi</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-3">
                  {stats.data.providers.map((p) => (
                    <li key={p.kind} className="flex items-center justify-between gap-3 rounded-lg bg-secondary/50 px-3 py-2">
                      <span className="flex items-center gap-2 text-sm">
                        {p.kind === "text" ? <Bot aria-hidden="true" className="size-4" /> : <ImageIcon aria-hidden="true" className="size-4" />}
                        {p.kind === "text" ? "Narratore" : "Immagini"}
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="font-mono text-sm break-all">{p.offline ? "Offline (integrato)" : p.label}</span>
                        <Badge variant={p.offline ? "secondary" : "default"}>{p.offline ? "offline" : "attivo"}</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </div>
      )}
      <div className="mt-6">
        <AiBudgetCard />
      </div>
      <Card className="mt-6 gap-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldAlert aria-hidden="true" className="size-4 text-violet-300" />
            <h2>Registro di sicurezza</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {audit.isPending ? (
            <p className="text-sm text-muted-foreground">Caricamento...</p>
          ) : audit.isError ? (
            <p className="text-sm text-red-300">{audit.error.message}</p>
          ) : audit.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nessun evento registrato.</p>
          ) : (
            <ul className="grid gap-2">
              {audit.data.items.map((e) => (
                <AuditEntryItem key={e.id} entry={e} />
              ))}
            </ul>
          )}
          <Link to="/admin/audit" className="mt-4 inline-block text-sm text-violet-300 underline-offset-4 hover:underline">
            Apri il registro attività completo
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
