import { createAuthClient } from 'better-auth/react';

// Better Auth's browser client; it talks to /api/auth on this origin with the session cookie.
export const authClient = createAuthClient({ basePath: '/api/auth' });
