import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { AccountLayout } from "../AccountLayout";
import { useFullProfile } from "../queries";
import { LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { PasswordForm } from "./PasswordForm";
import { ProfileForm } from "./ProfileForm";
import { SessionsCard } from "./SessionsCard";
import { DeleteAccountCard } from "./DeleteAccountCard";
import { VerifyPhoneBox } from "../../../shop/phone/VerifyPhoneBox";

/**
 * /account/profile (spec 3, 4, 5): name, picture (local preview, images only), e-mail,
 * company, birthdate (the core's 60-year list), gender (a new e-mail address is confirmed
 * by the code sent to it); the phone's verification when the account has none (an
 * e-mail registration); the password change with the core's password rules; "sign out
 * on every device"; and deleting the account's data.
 */
export default function ProfilePage() {
  const profile = useFullProfile();
  // Once asked for, the phone box stays: verifying it refreshes the profile, and the box
  // (where the focus is) says it is done instead of vanishing.
  const [phoneBox, setPhoneBox] = useState(false);
  if (!phoneBox && profile.data && (profile.data.user.mobile ?? null) === null) setPhoneBox(true);
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.profile" />} testId="profile-page">
      {profile.isPending ? (
        <RowsSkeleton rows={4} />
      ) : profile.isError ? (
        <LoadError look="panel" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProfileForm key={profile.data.user.id} profile={profile.data.user} />
          {phoneBox ? <VerifyPhoneBox testId="profile-verify-phone" /> : null}
          <PasswordForm hasPassword={profile.data.user.has_password} />
          <SessionsCard />
          <DeleteAccountCard />
        </>
      )}
    </AccountLayout>
  );
}
