/**
 * The one form in which an e-mail address is stored and looked up: Unicode NFC (so `e` followed
 * by a combining accent and the precomposed `é` are one address), trimmed, lower-cased. Every
 * door an address comes in by (validators, the console, `node ace admin:create`, the start-up
 * bootstrap, the migration that normalised older rows) goes through this function.
 */
export function normalizeEmail(address: string): string {
  return address.normalize('NFC').trim().toLowerCase()
}
