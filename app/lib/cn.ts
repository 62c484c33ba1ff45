import { clsx, type ClassValue } from "clsx";

/**
 * Joins conditional class names. Deliberately not tailwind-merge: it would add
 * about 8 KB gzip to every page; components avoid conflicting utilities instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
