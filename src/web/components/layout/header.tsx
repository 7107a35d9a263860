import { ExternalLink, LogIn, LogOut, Play, User } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/session";
import { cn } from "@/lib/utils";
import { SaveStoriesLink, useGuestAwareSignOut } from "@/components/guest-account";
import { Brand } from "./brand";
import { MobileNav } from "./mobile-nav";
import { COMMUNITY_URL, consoleLinkOf, NAV_LINKS } from "./nav-links";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60",
    isActive ? "bg-accent/60 text-foreground" : "text-muted-foreground",
  );

/**
 * Site header (spec §2 Site frame): brand, the inline menu on desktop (drawer on mobile), the
 * notifications bell and sign-out button for signed-in users, the profile or login icon, the
 * 'Admin' link for admins ('Segnalazioni' for moderators, issue 23) and the 'Inizia a Giocare' / 'Gioca' button to /generi.
 * A 'Tutorial' guest also sees 'Salva le tue storie', and 'Esci' asks a guest first (issue 22 §1).
 * Follows auth changes through useMe() (['me'] is invalidated on every sign-in and sign-out, and
 * live when the user's role rows change: the site frame listens, app-shell/root-layout.tsx).
 * Input: `bell`, the notifications bell, shown to signed-in users only (the site frame passes the
 * notifications feature's; the header imports no feature).
 */
export function Header({ bell }: { bell?: ReactNode }) {
  const { me } = useMe();
  const { signOut, signingOut, dialog: signOutDialog } = useGuestAwareSignOut();
  const signedIn = Boolean(me);
  const consoleLink = consoleLinkOf(me);

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 md:gap-2 md:px-6">
        <MobileNav signedIn={signedIn} guest={me?.user.isAnonymous ?? false} consoleLink={consoleLink} onSignOut={signOut} />
        <Link
          to="/"
          className="rounded-md px-1 text-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 md:mr-4"
        >
          <Brand />
        </Link>

        <nav aria-label="Menu principale" className="hidden items-center gap-0.5 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {COMMUNITY_URL && (
            <a
              href={COMMUNITY_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(navLinkClass({ isActive: false }), "inline-flex items-center gap-1")}
            >
              Community
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(si apre in una nuova scheda)</span>
            </a>
          )}
          {consoleLink && (
            <NavLink to={consoleLink.to} className={navLinkClass}>
              {consoleLink.label}
            </NavLink>
          )}
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {me?.user.isAnonymous && <SaveStoriesLink className="mr-1 hidden sm:inline-flex" />}
          {signedIn && bell}
          {signedIn ? (
            <Button asChild variant="ghost" size="icon">
              <Link to="/profilo" aria-label="Profilo" title="Profilo">
                <User aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button asChild variant="ghost" size="icon">
              <Link to="/login" aria-label="Accedi" title="Accedi">
                <LogIn aria-hidden="true" />
              </Link>
            </Button>
          )}
          {signedIn && (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Esci"
              title="Esci"
              className="hidden md:inline-flex"
              disabled={signingOut}
              onClick={signOut}
            >
              <LogOut aria-hidden="true" />
            </Button>
          )}
          {signOutDialog}
          <Button asChild size="sm" className="ml-1 rounded-full px-4 shadow-md shadow-primary/30">
            <Link to="/generi">
              <Play aria-hidden="true" className="fill-current" />
              <span className="lg:hidden">Gioca</span>
              <span className="hidden lg:inline">Inizia a Giocare</span>
            </Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
