import { BookmarkPlus, ExternalLink, LogIn, LogOut, Play, Shield, User } from "lucide-react";
import { Link, NavLink } from "react-router";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { saveStoriesPath } from "@/lib/login-redirect";
import { useOpenerFocus } from "@/lib/use-focus-return";
import { cn } from "@/lib/utils";
import { Brand } from "./brand";
import { COMMUNITY_URL, NAV_LINKS } from "./nav-links";

const itemClass =
  "flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60";

const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cn(itemClass, isActive ? "bg-accent text-foreground" : "text-muted-foreground");

export interface MobileDrawerProps {
  signedIn: boolean;
  /** A 'Tutorial' guest: the drawer offers 'Salva le tue storie' (issue 22 §1). */
  guest: boolean;
  /** 'Admin' (admins) or 'Segnalazioni' (moderators, issue 23); null for everyone else. */
  consoleLink: { to: string; label: string } | null;
  onSignOut: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The mobile menu's drawer (spec §2 Site frame: drawer from the left with the same links),
 * loaded when 'Apri il menu' is first pressed (mobile-nav.tsx): the header links, Community (new
 * tab), Admin for admins, profile or login, 'Esci' for signed-in users and the play button. Any
 * choice closes it; closing gives the focus back to the menu button.
 */
export default function MobileDrawer({ signedIn, guest, consoleLink, onSignOut, open, onOpenChange }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  const openerFocus = useOpenerFocus();

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 gap-0 p-0" {...openerFocus}>
        <SheetHeader className="border-b">
          <SheetTitle className="text-xl">
            <Brand />
          </SheetTitle>
          <SheetDescription className="sr-only">Menu di navigazione</SheetDescription>
        </SheetHeader>
        <nav aria-label="Menu principale" className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navItemClass} onClick={close}>
              {link.label}
            </NavLink>
          ))}
          {COMMUNITY_URL && (
            <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer" className={cn(itemClass, "text-muted-foreground")} onClick={close}>
              Community
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(si apre in una nuova scheda)</span>
            </a>
          )}
          {consoleLink && (
            <NavLink to={consoleLink.to} className={navItemClass} onClick={close}>
              <Shield aria-hidden="true" className="size-4" />
              {consoleLink.label}
            </NavLink>
          )}
          <Separator className="my-2" />
          {signedIn ? (
            <>
              {guest && (
                <Link to={saveStoriesPath()} className={cn(itemClass, "text-violet-200")} onClick={close}>
                  <BookmarkPlus aria-hidden="true" className="size-4" />
                  Salva le tue storie
                </Link>
              )}
              <NavLink to="/profilo" className={navItemClass} onClick={close}>
                <User aria-hidden="true" className="size-4" />
                Profilo
              </NavLink>
              <button
                type="button"
                className={cn(itemClass, "text-muted-foreground")}
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Esci
              </button>
            </>
          ) : (
            <NavLink to="/login" className={navItemClass} onClick={close}>
              <LogIn aria-hidden="true" className="size-4" />
              Accedi
            </NavLink>
          )}
        </nav>
        <div className="border-t p-4">
          <Button asChild size="lg" className="w-full rounded-full">
            <Link to="/generi" onClick={close}>
              <Play aria-hidden="true" className="fill-current" />
              Inizia a Giocare
            </Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
