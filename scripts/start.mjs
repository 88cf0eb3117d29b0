// `npm start`: build if anything changed since the last build, then run the server in this process
// (so SIGINT/SIGTERM reach it directly and it can stop the embedded PostgreSQL cleanly).
import { build, isBuildFresh } from './build.mjs';

if (!isBuildFresh()) await build();
await import('../dist/server/main.js');
