/** How long the pointer rests on a trigger before its tooltip opens (SPEC §9). */
export const TOOLTIP_DELAY_MS = 700;
/** Within this time of one tooltip closing, the next opens without the delay (SPEC §9). */
export const TOOLTIP_SKIP_DELAY_MS = 300;
