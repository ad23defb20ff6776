import { FormattedMessage } from "react-intl";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { useStaticPage } from "../queries";
import { LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import styles from "../Account.module.css";

function PageBody({ id }: { id: number | null }) {
  const page = useStaticPage(id);
  if (page.isPending) return <RowsSkeleton rows={4} />;
  if (page.isError) return <LoadError look="panel" error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <article className={`${styles.card} ${styles.richText}`} data-testid="static-page-content">
      {/* The API sends sanitised HTML (no scripts, styles, handlers, frames or javascript: links). */}
      <div dangerouslySetInnerHTML={{ __html: page.data.content }} />
    </article>
  );
}

function usePageTitle(id: number | null) {
  const page = useStaticPage(id);
  return page.data?.title ?? <FormattedMessage id="account.information.title" />;
}

/**
 * /account/information/{id} (spec 2): a static page (id 1 is the about page) inside the
 * account area, its content rendered as the HTML the API gives.
 */
export default function AccountInformationPage({ params }: ScreenProps) {
  const title = usePageTitle(params.id);
  return (
    <AccountLayout title={title} testId="account-information-page">
      <PageBody id={params.id} />
    </AccountLayout>
  );
}

/** /information/{id} (spec 2): a store policy page in the standard layout. */
export function PublicInformationPage({ params }: ScreenProps) {
  const title = usePageTitle(params.id);
  return (
    <div className={styles.content} data-testid="information-page">
      <h1 className={styles.title}>{title}</h1>
      <PageBody id={params.id} />
    </div>
  );
}
