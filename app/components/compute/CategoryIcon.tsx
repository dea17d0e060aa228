import { SpriteIcon } from "~/components/layout/Icon";

/**
 * Line icons of the twelve computation categories (the Icon names the API gives them), `category-<name>` symbols
 * of the layout's sprite (app/components/layout/icons.svg). An unknown name gets a generic cube.
 */
export const CATEGORY_ICON_NAMES = ["atom", "phase-diagram", "diffusion", "precipitate", "multiphase", "mesh", "fluid", "coupling", "database", "flag", "more", "cad"] as const;
const NAMES = new Set<string>(CATEGORY_ICON_NAMES);

export function CategoryIcon({ name, size = 28 }: { name: string; size?: number }) {
  return <SpriteIcon symbol={`category-${NAMES.has(name) ? name : "cad"}`} size={size} strokeWidth="1.6" />;
}
