import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";

interface ConfirmDialogProps {
  /** The element that opens the dialog (a button); omit it when the caller opens the dialog through `open`. */
  trigger?: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The destructive button's content, e.g. 'Elimina' (a spinner or a busy text included, when wanted). */
  confirmLabel: React.ReactNode;
  onConfirm: () => void;
  /** The confirmed action is running: both buttons are disabled and a controlled dialog cannot be dismissed. */
  busy?: boolean;
  /** The confirm button is disabled. */
  disabled?: boolean;
  /** Controlled open state. A controlled dialog stays open on confirm: the caller closes it (after the action). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A confirmation before a destructive action: title, description, 'Annulla' and a destructive
 * confirm button, opened by `trigger` or by the caller (`open`). Uncontrolled, it closes as soon
 * as the action is confirmed; controlled, it stays open (so a `busy` state can show) until the
 * caller closes it. While `busy`, both buttons are disabled and a controlled dialog ignores
 * Escape (its `onOpenChange` is not called).
 */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm, busy = false, disabled = false, open, onOpenChange }: ConfirmDialogProps) {
  const controlled = open !== undefined;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange?.(next);
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Annulla</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={busy || disabled}
            onClick={(e) => {
              if (controlled) e.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
