import { useIntl } from "react-intl";
import { runEffects } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { useToggleFavorite, type FavoriteKind } from "./favourites";
import { slotFlag } from "../ui/template";
import styles from "./Cards.module.css";

interface FavoriteButtonProps {
  type: FavoriteKind;
  id: number;
  name: string;
  active: boolean;
  className?: string;
  /** In a page template: the Jinja test the server finds the favourite state by. */
  activeTest?: string;
}

/** The heart toggle of a product or shop; guests are asked to sign in first. */
export function FavoriteButton({ type, id, name, active, className, activeTest }: FavoriteButtonProps) {
  const intl = useIntl();
  const toggle = useToggleFavorite();
  const signedIn = useAppStore((s) => s.client.token !== null);
  // In a template each place that depends on the state is written for both.
  const either = (on: string, off: string) => (activeTest ? `{% if ${activeTest} %}${on}{% else %}${off}{% endif %}` : active ? on : off);
  const label = either(
    intl.formatMessage({ id: "catalogue.favorite.remove" }, { name }),
    intl.formatMessage({ id: "catalogue.favorite.add" }, { name }),
  );
  return (
    <button
      type="button"
      className={`${styles.favorite} ${either(styles.favoriteOn ?? "", "")} ${className ?? ""}`}
      aria-pressed={activeTest ? slotFlag(activeTest) : active}
      data-testid="favorite-button"
      aria-label={label}
      title={label}
      disabled={toggle.isPending}
      onClick={() => {
        if (!signedIn) {
          runEffects([{ type: "open_modal", modal: "signIn" }]);
          return;
        }
        toggle.mutate({ target: { type, id }, next: !active });
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3.1 4.5 6.9 4.5c2.1 0 3.6 1.1 4.6 2.6 1-1.5 2.5-2.6 4.6-2.6 3.8 0 5.9 3.9 4.5 7.2C19.5 16.4 12 21 12 21z"
          fill={either("currentColor", "none")}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
