import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { logoTarget } from "../../core/start";
import { useAppStore } from "../../platform/store";
import styles from "./NotFoundPage.module.css";

/** Unmatched paths and server 404s (spec 2), inside the standard layout. */
export default function NotFoundPage() {
  const signedIn = useAppStore((s) => s.client.token !== null);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <FormattedMessage id="app.notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="app.notFound.body" />
      </p>
      <Link href={logoTarget(signedIn)} className={styles.home}>
        <FormattedMessage id="app.notFound.home" />
      </Link>
    </section>
  );
}
