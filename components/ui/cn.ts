import { clsx, type ClassValue } from "clsx";

/** Joins class names; later classes are meant to add, not to fight earlier ones. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
