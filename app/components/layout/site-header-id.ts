/** The mobile menu's id: one header per page. Shared by the header and its script, which must not import React. */
export const MOBILE_MENU_ID = "site-menu";
