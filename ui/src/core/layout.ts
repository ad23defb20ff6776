import type { LayoutConstants, MenuGroup, NavLink } from "storefront-core";
import layout from "storefront-core/data/layout.json";

/**
 * The core's layout tables (spec 2, 9), delivered as data with the core package
 * (`storefront-core/data/layout.json`, written from the Rust core at build time) rather
 * than computed by the WASM module: constants need no code.
 */
export const layoutConstants = layout.constants as LayoutConstants;

/** The account menu's groups and links, in the spec's order. */
export const accountMenu = layout.account_menu as MenuGroup[];

/** The desktop profile dropdown's links, in order. */
export const profileDropdown = layout.profile_dropdown as NavLink[];
