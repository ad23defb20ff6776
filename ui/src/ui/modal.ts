/**
 * Opens a native <dialog> as a modal (`showModal()`: focus kept inside, the page inert,
 * Escape cancels), or just shows it where the browser has no `showModal` (jsdom).
 */
export function showModal(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

/** Closes a dialog `showModal` opened. */
export function closeModal(dialog: HTMLDialogElement): void {
  if (!dialog.open) return;
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}
