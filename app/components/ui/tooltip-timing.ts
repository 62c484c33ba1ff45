/** How long the pointer rests on a trigger before its tooltip opens (docs/product.md#numbers-from-the-specification). */
export const TOOLTIP_DELAY_MS = 700;
/** Within this time of one tooltip closing, the next opens without the delay (docs/product.md#numbers-from-the-specification). */
export const TOOLTIP_SKIP_DELAY_MS = 300;
