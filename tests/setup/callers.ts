/** Who calls an endpoint in the authorisation tables: nobody signed in, another user, or the owner. */
export type Caller = 'visitor' | 'other' | 'owner';
export const callers = ['visitor', 'other', 'owner'] as const;
/** The status each caller gets. */
export type Expected = Record<Caller, number>;
