import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

/**
 * A disclosure that closes on Escape (focus goes back to its trigger) and on a pointer
 * press outside both the trigger and the panel.
 */
export function usePopover<T extends HTMLElement = HTMLButtonElement, P extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<T>(null);
  const panel = useRef<P>(null);
  const close = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (trigger.current?.contains(target) || panel.current?.contains(target))) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close(true);
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, close]);
  return { open, setOpen, close, trigger, panel };
}

interface DialogProps {
  open: boolean;
  onClose(): void;
  labelledBy: string;
  className?: string;
  id?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> element (`showModal()`: focus is trapped, the page
 * behind is inert, Escape closes, focus returns to the opener). A click on the backdrop
 * closes it too.
 */
export function Dialog({ open, onClose, labelledBy, className, id, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id={id}
      className={className}
      aria-labelledby={labelledBy}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}

/** Moves focus between the focusable items of a list with the arrow, Home and End keys. */
export function moveFocus(container: RefObject<HTMLElement | null>, selector: string, key: string): boolean {
  const items = Array.from(container.current?.querySelectorAll<HTMLElement>(selector) ?? []);
  if (items.length === 0) return false;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  switch (key) {
    case "ArrowDown":
      next = index < 0 ? 0 : (index + 1) % items.length;
      break;
    case "ArrowUp":
      next = index < 0 ? items.length - 1 : (index - 1 + items.length) % items.length;
      break;
    case "Home":
      next = 0;
      break;
    case "End":
      next = items.length - 1;
      break;
    default:
      return false;
  }
  items[next]?.focus();
  return true;
}
