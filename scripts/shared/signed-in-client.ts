// What the load scripts (bench, soak, bench:live) send as a signed-in browser behind the proxy
// would: an address of the user's own, and the session cookie its sign-in set.

/**
 * A user's own client address, as the proxy in front would report it in X-Forwarded-For (rate
 * limits count per address): 10.a.b.c from the user's number.
 */
export const clientAddress = (userNumber: number) =>
  `10.${(userNumber >> 16) & 255}.${(userNumber >> 8) & 255}.${userNumber & 255}`;

/** The Cookie header a browser sends after this sign-in response: each Set-Cookie's name=value. */
export const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
