import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { FavoriteButton } from "./FavoriteButton";
import { LazyImage } from "../ui/LazyImage";
import { usePriceFormatter } from "../ui/Price";
import { Rating } from "./Rating";
import styles from "./Cards.module.css";

/** What a shop card shows, from the shops list or the home block. */
export interface CardBranch {
  id: number;
  name: string;
  logo: string;
  rating: number;
  minutes: number;
  closed: boolean;
  is_favorite: boolean;
  minimum?: string | null;
  free_delivery?: boolean | null;
}

/** A shop: logo, name, open or closed, delivery time, minimum order, free delivery, favourite. */
export function BranchCard({ branch, eager = false }: { branch: CardBranch; eager?: boolean }) {
  const format = usePriceFormatter();
  const href = `/branches/${branch.id}`;
  return (
    <article className={`${styles.card} ${styles.branchCard}`} data-testid="branch-card" data-branch-id={branch.id}>
      <Link href={href} className={styles.branchLogo} tabIndex={-1} aria-hidden="true">
        <LazyImage src={branch.logo} alt="" eager={eager} width={96} />
      </Link>
      <FavoriteButton
        type="branch"
        id={branch.id}
        name={branch.name}
        active={branch.is_favorite}
        className={styles.cardFavorite}
      />
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>
          <Link href={href} className={styles.cardLink}>
            {branch.name}
          </Link>
        </h3>
        <div className={styles.cardMeta}>
          <Rating value={branch.rating} />
          <span className={`${styles.badge} ${branch.closed ? styles.outOfStock : styles.inStock}`}>
            <FormattedMessage id={branch.closed ? "catalogue.branch.closed" : "catalogue.branch.open"} />
          </span>
        </div>
        <ul className={styles.facts}>
          <li>
            <FormattedMessage id="catalogue.branch.minutes" values={{ minutes: branch.minutes }} />
          </li>
          {branch.minimum ? (
            <li>
              <FormattedMessage id="catalogue.branch.minimum" values={{ amount: format(branch.minimum) }} />
            </li>
          ) : null}
          {branch.free_delivery ? (
            <li className={styles.free}>
              <FormattedMessage id="catalogue.branch.freeDelivery" />
            </li>
          ) : null}
        </ul>
      </div>
    </article>
  );
}
