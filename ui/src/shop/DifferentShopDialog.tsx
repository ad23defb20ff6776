import { FormattedMessage } from "react-intl";
import type { Text } from "storefront-core";
import { useCoreText } from "../i18n/coreText";
import { ConfirmDialog } from "../ui/ConfirmDialog";

interface DifferentShopDialogProps {
  /** The core's question (the cart holds another shop's items); the dialog is open while it is set. */
  message: Text | null;
  onConfirm(): void;
  onCancel(): void;
}

/** The different-shop question of an add to cart: keep the cart, or empty it and add. */
export function DifferentShopDialog({ message, onConfirm, onCancel }: DifferentShopDialogProps) {
  const text = useCoreText();
  return (
    <ConfirmDialog
      tone="primary"
      open={message !== null}
      title={<FormattedMessage id="catalogue.confirm.title" />}
      body={message === null ? null : text(message)}
      confirmLabel={<FormattedMessage id="catalogue.confirm.accept" />}
      cancelLabel={<FormattedMessage id="catalogue.confirm.cancel" />}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
