import { ArrowRight, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import type { NotificationView } from "@/lib/api-contract";
import { Button } from "@/components/ui/button";
import { formatDayMonthTime } from "@/lib/format-date";
import { cn } from "@/lib/utils";

/** Only http(s) links are shown as links (DESIGN §5). */
function safeUrl(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** A path of this site (a personal notification's, issue 23: '/decisioni/…'), never '//host'. */
function sitePath(url: string | null): string | null {
  return url && /^\/(?!\/)/.test(url) ? url : null;
}

interface NotificationItemProps {
  notification: NotificationView;
  onMarkRead: (id: string) => void;
  marking: boolean;
  /** Larger text on the /notifiche page. */
  roomy?: boolean;
}

/**
 * One notification (spec §2 Notification popover): title, content (plain text), an optional
 * link opening in a new tab (a personal notification's page of this site opens here: issue 23), the publication date in Italian (day, short month, hour, minute);
 * unread ones are highlighted and carry 'Segna come letta'.
 */
export function NotificationItem({ notification, onMarkRead, marking, roomy = false }: NotificationItemProps) {
  const url = safeUrl(notification.url);
  const path = sitePath(notification.url);
  return (
    <article
      aria-label={notification.read ? notification.title : `${notification.title} (non letta)`}
      className={cn(
        "flex flex-col gap-1.5 rounded-md border-l-4 px-3 py-2.5",
        notification.read ? "border-transparent" : "border-violet-500 bg-violet-500/10",
        roomy && "px-4 py-4",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className={cn("font-semibold break-words", roomy ? "text-base" : "text-sm")}>{notification.title}</h3>
        {!notification.read && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-fuchsia-400" aria-hidden="true" />}
      </div>
      <p className={cn("whitespace-pre-line break-words text-muted-foreground", roomy ? "text-sm" : "text-xs")}>{notification.content}</p>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1 text-xs font-medium text-fuchsia-300 underline-offset-4 hover:underline"
        >
          Apri il link
          <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only">(si apre in una nuova scheda)</span>
        </a>
      )}
      {path && (
        <Link to={path} className="inline-flex w-fit items-center gap-1 text-xs font-medium text-fuchsia-300 underline-offset-4 hover:underline">
          Leggi la decisione
          <ArrowRight aria-hidden="true" className="size-3" />
        </Link>
      )}
      <div className="flex items-center justify-between gap-2">
        <time dateTime={notification.publishedAt} className="text-xs text-muted-foreground">
          {formatDayMonthTime(notification.publishedAt)}
        </time>
        {!notification.read && (
          <Button type="button" variant="outline" size="sm" className="h-7 text-xs" disabled={marking} onClick={() => onMarkRead(notification.id)}>
            Segna come letta
          </Button>
        )}
      </div>
    </article>
  );
}
