import { AtSign, MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useQuery } from "@tanstack/react-query";
import { siteYearQuery } from "@/lib/site-year";
import { Brand, BRAND_NAME } from "./brand";
import { COMMUNITY_URL, MICROBLOG_URL } from "./nav-links";
import { PrivacyDialog } from "./privacy-dialog";

const FOOTER_LINKS = [
  { to: "/crea-gioco", label: "Crea il tuo Gioco" },
  { to: "/generi", label: "Generi" },
  { to: "/galleria", label: "Galleria" },
  { to: "/prezzi", label: "Prezzi" },
] as const;

/** The external links the server configured (issue 22 §6: none is shown without its address). */
const SOCIAL_LINKS = [
  { href: COMMUNITY_URL, label: "Unisciti alla community", Icon: MessagesSquare },
  { href: MICROBLOG_URL, label: "Seguici sui social", Icon: AtSign },
].flatMap(({ href, ...link }) => (href ? [{ href, ...link }] : []));

/**
 * Site footer (spec §2 Site frame): the four site links, the two external social links (new tab)
 * when configured, the copyright line with the current year and the 'Privacy Policy' button
 * opening the notice. The year comes with the page's state (siteYearQuery).
 */
export function Footer() {
  const { data: year } = useQuery(siteYearQuery);
  return (
    <footer className="border-t border-border/60 bg-black/20">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[1fr_auto_auto] md:gap-16 md:px-6">
        <div className="space-y-2">
          <Brand className="text-xl" />
          <p className="max-w-xs text-sm text-muted-foreground">Crea e gioca storie interattive con l'intelligenza artificiale</p>
        </div>
        <nav aria-label="Link del sito">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm md:grid-cols-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {SOCIAL_LINKS.length > 0 && (
          <div className="flex gap-2">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <Button key={href} asChild variant="outline" size="icon" className="rounded-full">
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                  <Icon aria-hidden="true" />
                </a>
              </Button>
            ))}
          </div>
        )}
      </div>
      <div className="border-t border-border/60">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-muted-foreground sm:flex-row md:px-6">
          <p>
            © {year} {BRAND_NAME}.ai
          </p>
          <PrivacyDialog
            trigger={
              <Button variant="link" className="h-auto p-0 text-muted-foreground hover:text-foreground">
                Privacy Policy
              </Button>
            }
          />
        </div>
      </div>
    </footer>
  );
}
