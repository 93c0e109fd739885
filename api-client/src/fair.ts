export * from './fair/outcomes';
export { hmacSha256, sha256, toHex, utf8 } from './fair/sha256';
