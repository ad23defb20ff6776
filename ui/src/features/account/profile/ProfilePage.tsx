import { FormattedMessage } from "react-intl";
import { AccountLayout } from "../AccountLayout";
import { useFullProfile } from "../queries";
import { LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { PasswordForm } from "./PasswordForm";
import { ProfileForm } from "./ProfileForm";
import { SessionsCard } from "./SessionsCard";

/**
 * /account/profile (spec 3, 4, 5): name, picture (local preview, images only), e-mail,
 * company, birthdate (the core's 60-year list), gender (a new e-mail address is confirmed
 * by the code sent to it); the password change with the core's password rules; and
 * "sign out on every device".
 */
export default function ProfilePage() {
  const profile = useFullProfile();
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.profile" />} testId="profile-page">
      {profile.isPending ? (
        <RowsSkeleton rows={4} />
      ) : profile.isError ? (
        <LoadError look="panel" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProfileForm key={profile.data.user.id} profile={profile.data.user} />
          <PasswordForm hasPassword={profile.data.user.has_password} />
          <SessionsCard />
        </>
      )}
    </AccountLayout>
  );
}
