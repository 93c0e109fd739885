/** What the server under test is started with; the tests sign launch data with the same bot token. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const BOT_TOKEN = '7000000001:E2E-test-token-known-to-the-tests';
export const APP_KEY = 'e2e-app-key';
export const JWT_SECRET = 'e2e-jwt-secret-e2e-jwt-secret-e2e-jwt-secret';
