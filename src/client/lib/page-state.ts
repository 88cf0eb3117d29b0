import type { QueryKey } from '@tanstack/react-query';

// A server-rendered page's data (decision 025): written by entry-server.tsx, read by main.tsx.

/** The id of the `<script type="application/json">` that carries a server-rendered page's data. */
export const PAGE_STATE_ID = 'page-state';

/** The responses a server-rendered page was rendered from: each query's key and data, as the app caches them. */
export type PageState = [QueryKey, unknown][];
