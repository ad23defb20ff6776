import { useIntl } from "react-intl";
import type { Language } from "storefront-core";
import { useAppStore } from "../platform/store";
import { changeLanguage } from "./actions";
import { GlobeIcon } from "./icons";
import styles from "./LanguageSwitcher.module.css";

/**
 * Switches between English and Arabic (spec 4). The button names the other language in
 * that language (and is marked with its `lang`), the usual convention for a switch.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const language = useAppStore((s) => s.language);
  const intl = useIntl();
  const other: Language = language === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className={`${styles.switcher} ${className ?? ""}`}
      title={intl.formatMessage({ id: "chrome.language.hint" })}
      onClick={() => changeLanguage(other)}
      data-testid="language-switcher"
    >
      <GlobeIcon size={18} />
      <span lang={other}>{intl.formatMessage({ id: "chrome.language.other" })}</span>
    </button>
  );
}
