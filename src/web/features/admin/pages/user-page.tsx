import { ROLE_LABELS } from "@shared/roles";
import { ORDER_STATUS_LABELS, type OrderStatus, PLAN_LABELS } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessagesSquare, ShieldOff } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { AdminFactorView, AdminGameView, AdminUserDetailView } from "@/lib/api-contract";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CenteredSpinner } from "@/components/ui/spinner";
import { capitalise, formatEuro } from "@/lib/format";
import { formatDate, formatDateTime } from "@/lib/format-date";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { userDetailQuery, useUserMutations } from "../api";
import { AuditEntryItem } from "../components/audit-entry-item";
import { ChatHistoryDialog } from "../components/chat-history-dialog";
import { DeactivatedBadge } from "../components/deactivated-badge";
import { UserDeletionActions } from "../components/user-deletion-actions";
import { quotaLeft } from "../admin-format";

/** A titled card of the page; `empty` when its list has nothing. */
function Section({ title, empty, children }: { title: string; empty?: string | false; children?: ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}</CardContent>
    </Card>
  );
}

/** Label / value rows. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}


/** One second factor with 'Rimuovi' behind a confirmation (spec §7 DELETE /admin/users/{userId}/factors/{id}). */
function FactorRow({ userId, email, factor }: { userId: string; email: string; factor: AdminFactorView }) {
  const { removeFactor } = useUserMutations();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-secondary/40 px-3 py-2 text-sm">
      <span>
        {factor.friendlyName} <Badge variant="secondary">{factor.status === "verified" ? "Verificato" : "Da verificare"}</Badge>
      </span>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline">
            <ShieldOff aria-hidden="true" />
            Rimuovi
          </Button>
        }
        title="Rimuovere questo fattore?"
        description={`${email} potrà accedere con la sola password e riattivare la verifica dal proprio profilo. L'operazione viene registrata.`}
        confirmLabel="Rimuovi"
        busy={removeFactor.isPending}
        onConfirm={() =>
          removeFactor.mutate(
            { id: userId, factorId: factor.id },
            { onSuccess: () => toast.success("Verifica in due passaggi rimossa"), onError: (error) => toast.error("Errore", { description: error.message }) },
          )
        }
      />
    </li>
  );
}

/** The page's content once loaded. */
function UserDetail({ detail }: { detail: AdminUserDetailView }) {
  const { me } = useMe();
  const navigate = useNavigate();
  const [history, setHistory] = useState<Pick<AdminGameView, "id" | "title"> | null>(null);
  const { user, profile, counters } = detail;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words md:text-3xl">{user.isGuest ? "Ospite (Tutorial)" : user.email}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge variant={user.role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[user.role]}</Badge>
            <Badge variant="secondary">Piano {PLAN_LABELS[user.plan] ?? user.plan}</Badge>
            {user.deactivatedAt && user.erasedAt && <DeactivatedBadge erasedAt={user.erasedAt} />}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <UserDeletionActions user={user} self={user.id === me?.user.id} permanent onErased={() => navigate("/admin/users", { replace: true })} />
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Profilo">
          <Facts
            rows={[
              ["Nome", name || "Non impostato"],
              ["Nickname", profile.nickname ?? "Non impostato"],
              ["Registrato il", formatDate(user.createdAt)],
              ["Invito", user.invitationPending ? "In attesa: password non ancora impostata" : "—"],
            ]}
          />
        </Section>
        <Section title="Contatori">
          <Facts
            rows={[
              ["Messaggi rimasti oggi", quotaLeft(counters.messageLimit - counters.messagesSent, counters.messageLimit)],
              ["Immagini rimaste questo mese", quotaLeft(counters.visualizeLimit - counters.visualizationsSent, counters.visualizeLimit)],
            ]}
          />
        </Section>
        <Section title="Verifica in due passaggi" empty={detail.factors.length === 0 && "Nessun fattore attivo."}>
          <ul className="grid gap-2">
            {detail.factors.map((f) => (
              <FactorRow key={f.id} userId={user.id} email={user.email} factor={f} />
            ))}
          </ul>
        </Section>
        <Section title="Sessioni" empty={detail.sessions.length === 0 && "Nessuna sessione aperta."}>
          <ul className="grid gap-2 text-sm">
            {detail.sessions.map((s) => (
              <li key={s.id} className="rounded-lg bg-secondary/40 px-3 py-2">
                <p>Ultimo accesso {formatDateTime(s.lastSeenAt)}</p>
                <p className="break-words text-muted-foreground">
                  {s.ipAddress ?? "Indirizzo sconosciuto"} · {s.userAgent ?? "Browser sconosciuto"} · scade il {formatDate(s.expiresAt)}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <Section title={`Partite (${detail.gamesTotal})`} empty={detail.games.length === 0 && "Nessuna partita."}>
        <ul className="grid gap-2 text-sm">
          {detail.games.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-secondary/40 px-3 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{g.title}</span> <Badge variant="secondary">{g.genre}</Badge>{" "}
                <span className="text-muted-foreground">
                  {g.messages} messaggi · {g.lastPlayed ? formatDateTime(g.lastPlayed) : "N/A"}
                </span>
              </span>
              <Button variant="outline" size="sm" onClick={() => setHistory(g)} aria-label={`Storico Chat di ${g.title}`}>
                <MessagesSquare aria-hidden="true" />
                Storico Chat
              </Button>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Ordini" empty={detail.orders.length === 0 && "Nessun ordine."}>
        <ul className="grid gap-2 text-sm">
          {detail.orders.map((o) => (
            <li key={o.id} className="flex flex-wrap justify-between gap-2 rounded-lg bg-secondary/40 px-3 py-2">
              <span>
                {capitalise(o.subscriptionType)} · {formatEuro(o.amount)}
              </span>
              <span className="text-muted-foreground">
                {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? capitalise(o.status)} · {formatDate(o.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Registro attività" empty={detail.audit.length === 0 && "Nessun evento registrato."}>
        <ul className="grid gap-2">
          {detail.audit.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      </Section>
      <ChatHistoryDialog game={history} onClose={() => setHistory(null)} />
    </div>
  );
}

/**
 * /admin/users/:id, the user page (issue 22 §10; spec §7 GET /admin/users/{id}): profile, role
 * and plan, today's counters, two-step factors (each removable), open sessions, games (with
 * 'Storico Chat'), orders and the audit entries about the user; 'Disattiva' / 'Ripristina' and
 * 'Elimina definitivamente'. A user erased meanwhile shows 'Utente non trovato.'.
 */
export function UserPage() {
  const { id = "" } = useParams();
  const detail = useQuery(userDetailQuery(id));
  return (
    <div className="grid gap-4">
      <Link to="/admin/users" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Tutti gli utenti
      </Link>
      {detail.isPending ? (
        <CenteredSpinner className="min-h-[30vh]" />
      ) : detail.isError ? (
        <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-4 text-red-100">
          {detail.error.message}
        </p>
      ) : (
        <UserDetail detail={detail.data} />
      )}
    </div>
  );
}
