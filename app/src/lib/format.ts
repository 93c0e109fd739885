/**
 * The app's one number formatter lives in the contract package (`@arcade/api-client/format`), so
 * that the server writes a number the player sees (a shared win's card) exactly as the app does.
 */
export * from '@arcade/api-client/format';
