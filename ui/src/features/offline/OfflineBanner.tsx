import { FormattedMessage } from "react-intl";
import { useAppStore } from "../../platform/store";
import { useOnline } from "./useOnline";
import styles from "./OfflineBanner.module.css";

/**
 * Says plainly when the device is offline (what still works, what needs a connection),
 * and offers a new version of the app once its service worker is ready. Both float over
 * the page, so their coming and going never moves the content.
 */
export function OfflineBanner() {
  const online = useOnline();
  const update = useAppStore((s) => s.updateReady);
  return (
    <div className={styles.region}>
      {online ? null : (
        <p className={styles.banner} role="status" data-testid="offline-banner">
          <FormattedMessage id="offline.banner" />
        </p>
      )}
      {update ? (
        <div className={styles.banner} role="status" data-testid="update-banner">
          <FormattedMessage id="offline.updateReady" />
          <button type="button" className={styles.action} onClick={update}>
            <FormattedMessage id="offline.reload" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
