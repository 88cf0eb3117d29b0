/**
 * How old a tick, an untick or a Start again may be when it reaches the server: older ones are
 * refused, and a device drops its waiting changes past this age rather than send them. Apart from
 * change-time.ts's schema so that the device's queue reads it without zod.
 */
export const MAX_CHANGE_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Two changes made less than this apart stand in the order they reach the server. A change is
 * dated by the server's clock less its age, and the time each request takes on the way varies by
 * tens of milliseconds: a double tap (tick, then untick) or a tick just after a Start again could
 * otherwise come out in the wrong order. One device sends its changes one after another, so the
 * order they arrive in is the order they were made.
 */
export const SIMULTANEOUS_CHANGES_MS = 1000;
