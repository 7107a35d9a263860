import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatCount } from "@/lib/format";
import { moderationStatsQuery } from "../api";

/** Hours as Italian text: '12 minuti', '3,5 ore', '2 giorni'. */
function hoursText(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} ${minutes === 1 ? "minuto" : "minuti"}`;
  }
  if (hours >= 48) return `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }).format(hours / 24)} giorni`;
  return `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }).format(hours)} ${hours === 1 ? "ora" : "ore"}`;
}

/**
 * The moderation figures (issue 23): open reports (and on how many items), open appeals, and the
 * median time from the first report to a decision over the last 90 days. Shown on 'Segnalazioni'
 * and on the admin dashboard (`linked`: with a link to the queue).
 */
export function ModerationFigures({ linked = false }: { linked?: boolean }) {
  const stats = useQuery(moderationStatsQuery);
  if (stats.isError) return <p className="text-sm text-muted-foreground">Impossibile caricare i dati della moderazione.</p>;
  const figures = [
    { label: "Segnalazioni aperte", value: stats.data ? formatCount(stats.data.openReports) : "…", note: stats.data ? `su ${formatCount(stats.data.openItems)} contenuti` : "" },
    { label: "Ricorsi aperti", value: stats.data ? formatCount(stats.data.openAppeals) : "…", note: "" },
    { label: "Tempo mediano di decisione", value: stats.data ? hoursText(stats.data.medianDecisionHours) : "…", note: "ultimi 90 giorni" },
  ];
  return (
    <section aria-label="Moderazione" className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-3">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border bg-card p-4">
          <p className="text-sm text-muted-foreground">{f.label}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{f.value}</p>
          {f.note && <p className="text-xs text-muted-foreground">{f.note}</p>}
        </div>
      ))}
      {linked && (
        <p className="text-sm min-[480px]:col-span-3">
          <Link to="/admin/reports" className="text-violet-300 underline-offset-4 hover:underline">
            Vai alle segnalazioni
          </Link>
        </p>
      )}
    </section>
  );
}
