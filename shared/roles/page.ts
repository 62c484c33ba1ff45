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
 * The parts of the list page (`/roles`) the build cuts it into for the server, which joins the open
 * roles' items at each change (docs/decisions/0026-roles-reach-searchers.md): where each begins, as
 * the page marks it for the build (an inert `<template>`, which the build removes). `item:<slug>`
 * begins a role's item; `items-end` ends the last.
 */
export const ROLE_LIST_PARTS = ["list", "items-end", "list-end", "empty", "empty-end", "more", "more-end"] as const;
export type RoleListPart = (typeof ROLE_LIST_PARTS)[number] | `item:${string}`;
export const roleListMarker = (part: RoleListPart) => `<template data-roles-part="${part}"></template>`;
