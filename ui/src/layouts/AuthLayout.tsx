import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { useSettings } from "../api/queries";
import { useAppStore } from "../platform/store";
import { LanguageSwitcher } from "../chrome/LanguageSwitcher";
import { Toaster } from "../chrome/Toaster";
import styles from "./Layout.module.css";

/** The minimal auth layout (spec 2): the store name in the header. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const settings = useSettings().data;
  const language = useAppStore((s) => s.language);
  const general = settings?.general_setting;
  const name = (language === "ar" ? general?.store_name_ar : general?.store_name_en) ?? settings?.app_name ?? "";
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        <FormattedMessage id="app.skipToContent" />
      </a>
      <header className={styles.authHeader}>
        <Link href="/" className={styles.storeName}>
          {name}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className={`${styles.main} ${styles.authMain}`} tabIndex={-1}>
        {children}
      </main>
      <Toaster />
    </div>
  );
}
