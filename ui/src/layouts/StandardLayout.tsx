import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Header } from "../chrome/Header";
import { Footer } from "../chrome/Footer";
import { BottomBar } from "../chrome/BottomBar";
import { Toaster } from "../chrome/Toaster";
import { ModalHost } from "../app/ModalHost";
import styles from "./Layout.module.css";

/** The standard layout (spec 2): header by sign-in state, bars, footer, bottom bar on mobile. */
export function StandardLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        <FormattedMessage id="app.skipToContent" />
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <BottomBar />
      <Toaster />
      <ModalHost />
    </div>
  );
}
