/**
 * A role's page: its address (`/roles/<slug>`, the slug being its file's name), the request
 * page's parameter naming it (`?role=<slug>`), and the parts of the list of roles. No schema here:
 * the request page's script imports this, and zod would double its weight (its head is in
 * ./page-head.ts).
 */
import { ROUTES } from "../routes";

/** Where a role's URL lives: `/roles/<slug>`. */
export const ROLES_PATH = ROUTES.openRoles.path;
/** A role's slug: its file's name, lower-case words joined by hyphens. */
export const ROLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The request page's query parameter naming the role a request is about (`?role=<slug>`). */
export const ROLE_PARAM = "role";

export const rolePath = (slug: string) => `${ROLES_PATH}/${slug}`;
/** The feed of the open roles (Atom), which the server composes at each change of the open set. */
export const ROLES_FEED_PATH = `${ROLES_PATH}/feed.xml`;

/**
 * The pages that show the open roles (the list, `/roles`, and the home page's band), which the
 * build cuts into parts for the server to join for the roles open at each moment
 * (docs/decisions/0026-roles-reach-searchers.md): the page marks where each part begins (an inert
 * `<template>`, which the build removes), and what follows a mark until the next is shown
 * `always`, while `some` role of the page is open, while `none` is, or while the role
 * `item:<slug>` is open.
 */
export type RolesShown = "always" | "some" | "none" | `item:${string}`;
/** How many of the open roles the home page's band shows, the newest first (the list has them all). */
export const HOME_ROLES_SHOWN = 3;
export const rolesMarker = (shown: RolesShown) => `<template data-roles-part="${shown}"></template>`;
