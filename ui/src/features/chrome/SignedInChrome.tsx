// The chrome only a signed-in customer sees: a chunk of its own (signedIn.ts).
export { AccountMenu } from "./AccountMenu";
export { DrawerAccountLinks } from "./DrawerAccountLinks";
export { NotificationsButton } from "./NotificationsButton";
export { ProfileDropdown } from "./ProfileDropdown";
