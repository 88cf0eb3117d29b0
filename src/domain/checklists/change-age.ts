/**
 * How old a tick, an untick or a Start again may be when it reaches the server: older ones are
 * refused, and a device drops its waiting changes past this age rather than send them. Apart from
 * change-time.ts's schema so that the device's queue reads it without zod.
 */
export const MAX_CHANGE_AGE_MS = 30 * 24 * 60 * 60 * 1000;
