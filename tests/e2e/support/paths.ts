import path from 'node:path';

// E2E_PORT lets two checkouts run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** serve.ts's loopback port for stopping and starting the database (tests/e2e/database-outage.spec.ts). */
export const E2E_CONTROL_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve('.e2e-data');
export const E2E_DATABASE_URL_FILE = path.join(E2E_DATA_DIR, 'database-url');
