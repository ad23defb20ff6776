import { PublicInformationPage } from "./InformationPage";

export default PublicInformationPage;
