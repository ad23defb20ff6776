// The app calls the core's start module through `core/start.ts`, which a browser loads on
// demand; Node loads the package's build synchronously, so each test file starts with it
// in, as every page but a guest's landing page does.
import * as start from "storefront-core/start";
import { provideStart } from "../core/start";

provideStart(start);
